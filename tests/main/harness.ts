// Desktop-shell test harness: the real API server, real axios, a real keychain entry (or its real absence),
// a real electron-store backing file (conf, the library electron-store extends); only Electron's own objects are stand-ins.
import fs from 'node:fs';
import path from 'node:path';
import { createApiClient } from '../../src/main/api-client';
import { createApiForwarder, type Forward } from '../../src/main/api-forwarder';
import { createFilePicker, type FilePicker } from '../../src/main/file-picker';
import { createKeychainVault, type TokenVault } from '../../src/main/keychain';
import { createSessionManager, type KeyValueStore, type SessionManager } from '../../src/main/session';
import { solidPng } from '../../src/server/modules/images/png';
import { startTestServer, type TestServer } from '../helpers/server';
import { dialogStandIn, diskStore, tempDir, testService } from './stand-ins';

export { diskStore, tempDir, testService };

/** Writes real PNG files into dir and returns their paths. */
export function pngFiles(dir: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const p = path.join(dir, `photo-${i + 1}.png`);
    fs.writeFileSync(p, solidPng(8 + i, 6, [40 * i, 120, 200]));
    return p;
  });
}

export interface Desktop {
  server: TestServer;
  apiUrl: string;
  session: SessionManager;
  forward: Forward;
  picker: FilePicker;
  pick: ReturnType<typeof dialogStandIn>;
  store: KeyValueStore & { path: string };
  storeDir: string;
  vault: TokenVault;
  /** HTTP requests main has sent so far (counted by an axios interceptor on the real client). */
  requests(): number;
  /** A second app run over the same store and keychain: a new session manager, as at start-up. */
  restart(): SessionManager;
  /** Forgets the session (removing any keychain entry the test made), stops the server and removes the store. */
  close(): Promise<void>;
}

export async function startDesktop(opts: { vault?: TokenVault; server?: TestServer } = {}): Promise<Desktop> {
  const server = opts.server ?? (await startTestServer({ listen: true }));
  const apiUrl = `${server.url}/api/`;
  const client = createApiClient(apiUrl);
  let sent = 0;
  client.interceptors.request.use((c) => {
    sent += 1;
    return c;
  });
  const storeDir = tempDir();
  const store = diskStore(storeDir);
  const vault = opts.vault ?? createKeychainVault(testService());
  const session = createSessionManager({ store, vault, client, apiUrl });
  const pick = dialogStandIn();
  const picker = createFilePicker({ dialog: pick.dialog });
  const forward = createApiForwarder({ client, session, picker });
  return {
    server,
    apiUrl,
    session,
    forward,
    picker,
    pick,
    store,
    storeDir,
    vault,
    requests: () => sent,
    restart: () => createSessionManager({ store: diskStore(storeDir), vault, client: createApiClient(apiUrl), apiUrl }),
    close: async () => {
      session.clear();
      if (!opts.server) await server.close();
      fs.rmSync(storeDir, { recursive: true, force: true });
    },
  };
}
