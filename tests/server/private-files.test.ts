import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { writeSnapshot } from '../../src/server/backup/snapshot';
import { fsBackend } from '../../src/server/modules/images/backends';
import { createImageStore } from '../../src/server/modules/images/store';
import { runServerScript } from '../helpers/server-process';
import { png } from '../helpers/cards';

/**
 * Issue 30: DATA_DIR, the embedded database's files, photos and backups are owner-only (folders 0700, files 0600)
 * under the usual umask. (The embedded database in a folder is what is checked, in either test pass.)
 */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gcbo-private-'));
let umask: number;
beforeAll(() => {
  umask = process.umask(0o022);
});
afterAll(() => {
  process.umask(umask);
  fs.rmSync(tmp, { recursive: true, force: true });
});

const modeOf = (p: string) => fs.statSync(p).mode & 0o777;

/** Every folder and file under root whose mode is not owner-only, as "path mode". */
function notPrivate(root: string): string[] {
  const out: string[] = [];
  const walk = (p: string) => {
    const st = fs.lstatSync(p);
    if (st.isSymbolicLink() || st.isSocket()) return;
    const want = st.isDirectory() ? 0o700 : 0o600;
    if ((st.mode & 0o777) !== want) out.push(`${path.relative(tmp, p)} ${(st.mode & 0o777).toString(8)}`);
    if (st.isDirectory()) for (const name of fs.readdirSync(p)) walk(path.join(p, name));
  };
  walk(root);
  return out;
}

describe('private files (umask 022)', () => {
  it('DATA_DIR, the database files, photos and a backup are owner-only', async () => {
    const dataDir = path.join(tmp, 'data');
    const database = await openDatabase({ dataDir, reportTz: 'UTC' });
    try {
      const imagesDir = path.join(dataDir, 'images');
      const images = createImageStore(fsBackend(imagesDir));
      await fsBackend(imagesDir).put(database.db, 'photo-1.png', png());
      expect(modeOf(dataDir)).toBe(0o700);
      expect(modeOf(path.join(dataDir, 'pglite'))).toBe(0o700);
      expect(modeOf(path.join(imagesDir, 'photo-1.png'))).toBe(0o600);
      expect(notPrivate(dataDir)).toEqual([]);
      const file = path.join(tmp, 'office.backup');
      await writeSnapshot(database, images, imagesDir, file);
      expect(modeOf(file)).toBe(0o600);
    } finally {
      await database.close();
    }
  });

  it('npm run backup says where it wrote and with which mode', () => {
    const dataDir = path.join(tmp, 'data');
    const file = path.join(tmp, 'cli.backup');
    const r = runServerScript('backup', [file], { DATA_DIR: dataDir, DATABASE_URL: '' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain(`Backup written to ${file} (mode 0600`);
    expect(modeOf(file)).toBe(0o600);
  });
});
