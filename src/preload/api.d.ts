// The type of `window.giftCardApi` as the preload exposes it (defined in the shared contract).
export type { GiftCardBridge, BridgeLoginResponse } from '../shared/bridge';
