import fs from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR, the embedded database, photos and backups hold password and token hashes and the photo-signing key:
 * owner-only whatever the umask (folders 0700, files 0600). Modes are set explicitly, not left to the umask: PGlite
 * writes its files 0666.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates a folder (and its missing parents) owner-only; an existing one is made owner-only. */
export function privateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  fs.chmodSync(dir, PRIVATE_DIR_MODE);
}

/** Makes a folder and everything in it owner-only (symbolic links are left alone). */
export function makePrivate(root: string): void {
  const st = fs.lstatSync(root);
  if (st.isSymbolicLink()) return;
  if (!st.isDirectory()) {
    fs.chmodSync(root, PRIVATE_FILE_MODE);
    return;
  }
  fs.chmodSync(root, PRIVATE_DIR_MODE);
  for (const name of fs.readdirSync(root)) {
    try {
      makePrivate(path.join(root, name));
    } catch (err) {
      // A file removed meanwhile (the database's own temporary files) needs nothing.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
}
