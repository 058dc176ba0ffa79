import { Entry, type EntryOptions } from '@napi-rs/keyring';

export const KEYCHAIN_SERVICE = 'gift-card-back-office';
export const KEYCHAIN_ACCOUNT = 'api-token';

/** Where the token lives between runs. Every method throws when the OS keychain is unavailable. */
export interface TokenVault {
  get(): string | null;
  set(token: string): void;
  delete(): void;
}

/** The OS keychain (Keychain, Credential Manager, Secret Service) through @napi-rs/keyring. */
export function createKeychainVault(service = KEYCHAIN_SERVICE, account = KEYCHAIN_ACCOUNT, options?: EntryOptions): TokenVault {
  const entry = () => new Entry(service, account, options);
  return {
    get: () => entry().getPassword(),
    set: (token) => entry().setPassword(token),
    delete: () => {
      entry().deletePassword();
    },
  };
}
