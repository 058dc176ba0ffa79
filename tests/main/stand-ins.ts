// Stand-ins for Electron's own objects and the app's folders, shared by the main harness and the desktop e2e project.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Conf from 'conf';
import type { DialogLike } from '../../src/main/file-picker';
import type { SaveDialogLike } from '../../src/main/save-file';
import type { KeyValueStore } from '../../src/main/session';

/** A keychain service name of its own per test run, so tests never touch the app's real entry. */
export const testService = () => `gift-card-back-office-test-${randomBytes(4).toString('hex')}`;

export const tempDir = (prefix = 'gcbo-desktop-') => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

/** A real on-disk store with electron-store's get/set/delete (electron-store itself needs the Electron runtime). */
export function diskStore(cwd: string): KeyValueStore & { path: string } {
  const conf = new Conf<Record<string, unknown>>({ cwd, configName: 'session-state', projectVersion: '0.0.0' });
  return { get: (k) => conf.get(k), set: (k, v) => conf.set(k, v), delete: (k) => conf.delete(k), path: conf.path };
}

/** Stands in for Electron's dialog: the picker answers the paths the test chose, the Save dialog the path it chose. */
export function dialogStandIn() {
  const asked: Parameters<DialogLike['showOpenDialog']>[1][] = [];
  const askedToSave: Parameters<SaveDialogLike['showSaveDialog']>[1][] = [];
  let next: string[] = [];
  let saveTo: string | null = null;
  const dialog: DialogLike & SaveDialogLike = {
    async showOpenDialog(_win, options) {
      asked.push(options);
      return { canceled: next.length === 0, filePaths: next };
    },
    async showSaveDialog(_win, options) {
      askedToSave.push(options);
      return saveTo ? { canceled: false, filePath: saveTo } : { canceled: true };
    },
  };
  return { dialog, asked, askedToSave, choose: (paths: string[]) => (next = paths), saveAs: (file: string | null) => (saveTo = file) };
}
