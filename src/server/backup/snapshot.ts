import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import type { Database } from '../db/client';
import { makePrivate, PRIVATE_FILE_MODE, privateDir } from '../private-files';
import type { ImageStore } from '../modules/images/store';

/** What a backup file holds: manifest.json, pglite.tar.gz (the database directory) and images/ (the fs store's files). */
export interface SnapshotManifest {
  format: 1;
  createdAt: string;
  imageStore: 'fs' | 'db';
  imageFiles: number;
}

const staging = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

/**
 * One consistent snapshot of the embedded database and its photos, as one tar file. The database directory is
 * dumped by PGlite itself between two queries (so it is one moment); file deletes are held from before the dump
 * until the photo folder is copied, so every photo a dumped row refers to is in the file (a photo uploaded after
 * the dump may be there too, unreferenced: harmless).
 */
export async function writeSnapshot(database: Database, images: ImageStore, imagesDir: string, file: string): Promise<SnapshotManifest> {
  if (!database.dumpDataDir) throw new Error('Backups of this kind are for the embedded database; back up PostgreSQL with pg_dump.');
  const dir = staging('gcbo-backup-');
  try {
    return await images.holdingDeletes(async () => {
      const dump = await database.dumpDataDir!();
      fs.writeFileSync(path.join(dir, 'pglite.tar.gz'), Buffer.from(await dump.arrayBuffer()));
      fs.mkdirSync(path.join(dir, 'images'));
      let imageFiles = 0;
      if (images.kind === 'fs' && fs.existsSync(imagesDir)) {
        for (const name of fs.readdirSync(imagesDir)) {
          try {
            fs.copyFileSync(path.join(imagesDir, name), path.join(dir, 'images', name));
            imageFiles += 1;
          } catch {
            // Deleted meanwhile by a write that failed (deletes of committed rows are held): not in the dump.
          }
        }
      }
      const manifest: SnapshotManifest = { format: 1, createdAt: new Date().toISOString(), imageStore: images.kind, imageFiles };
      fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
      const partial = `${file}.partial`;
      // Created owner-only before tar writes into it: a backup holds password hashes and the photo-signing key.
      fs.closeSync(fs.openSync(partial, 'w', PRIVATE_FILE_MODE));
      fs.chmodSync(partial, PRIVATE_FILE_MODE);
      await tar.create({ file: partial, cwd: dir, portable: true }, ['manifest.json', 'pglite.tar.gz', 'images']);
      fs.renameSync(partial, file);
      return manifest;
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Brings a backup file back into an empty (or absent) data directory: DATA_DIR/pglite and DATA_DIR/images. */
export async function restoreSnapshot(file: string, dataDir: string): Promise<SnapshotManifest> {
  const target = path.resolve(dataDir);
  if (fs.existsSync(target) && fs.readdirSync(target).length > 0)
    throw new Error(`${target} is not empty: restore into an empty data directory.`);
  const dir = staging('gcbo-restore-');
  try {
    await tar.extract({ file, cwd: dir, strict: true });
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as SnapshotManifest;
    if (manifest.format !== 1) throw new Error(`${file} is not a backup of this application (format ${String(manifest.format)}).`);
    privateDir(target);
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const dump = new Blob([fs.readFileSync(path.join(dir, 'pglite.tar.gz'))]);
    const client = await PGlite.create({ dataDir: path.join(target, 'pglite'), loadDataDir: dump, extensions: { pg_trgm } });
    await client.query('SELECT 1');
    await client.close();
    fs.cpSync(path.join(dir, 'images'), path.join(target, 'images'), { recursive: true });
    makePrivate(target);
    return manifest;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
