import type { ApiResult, PickedFile } from './endpoints';
import type { LoginResponse } from './types';

/**
 * The desktop bridge: what the preload script exposes as `window.giftCardApi` (named functions only)
 * and the IPC channels behind it. Main keeps the token; the renderer never sees it.
 */
export const IPC = {
  sessionLogin: 'session:login',
  sessionLogout: 'session:logout',
  sessionGet: 'session:get',
  apiCall: 'api:call',
  filesPick: 'files:pick',
} as const;
export type IpcChannel = (typeof IPC)[keyof typeof IPC];

/** Shown after login when the OS keychain is unavailable and the token is kept for this run only. */
export const SESSION_NOT_SAVED_NOTICE = 'You will need to sign in again next time: this computer has no keychain to keep your session.';

/** Login answer inside the app: `token` is always '' (main keeps it); `notice` is set when the session is not saved. */
export type BridgeLoginResponse = LoginResponse & { notice?: string };

/** The argument passed to `--gcbo-api-origin=` so the preload can tell the renderer where images live. */
export const API_ORIGIN_ARG = '--gcbo-api-origin=';

export interface GiftCardBridge {
  /** Origin of the API server (`http://127.0.0.1:8787`), for image URLs (`/storage/images/...`). */
  readonly apiOrigin: string;
  login(email: string, password: string): Promise<ApiResult<BridgeLoginResponse>>;
  logout(): Promise<void>;
  session(): Promise<LoginResponse['user'] | null>;
  /** One named operation of the contract; main checks it, adds the token and calls the API. */
  call(op: string, args: unknown): Promise<ApiResult>;
  /** The native image picker; the files stay in main, the renderer gets ids and previews. */
  pickImages(multiple: boolean): Promise<PickedFile[]>;
}
