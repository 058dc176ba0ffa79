import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('../..', import.meta.url));

// Run by scripts/test-steps/20-desktop.mjs: `keychain` inside dbus-run-session with an unlocked gnome-keyring
// (a real Secret Service), `no-keychain` with no session bus at all.
export default defineConfig({
  test: {
    root,
    projects: [
      {
        test: {
          name: 'keychain',
          root,
          include: ['tests/desktop/keychain.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'no-keychain',
          root,
          include: ['tests/desktop/no-keychain.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
