// npm run backup -- <file>: one consistent snapshot of the embedded database and its photos in one file, while
// the server runs (it writes it, see backup/control.ts) or not (then this opens the database itself).
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { backupSocketPath, requestBackup } from './backup/control';
import { writeSnapshot } from './backup/snapshot';
import { imageStoreKind } from './services';
import { dbBackend, fsBackend } from './modules/images/backends';
import { createImageStore, imagesDirOf } from './modules/images/store';

const arg = process.argv[2];
if (!arg) {
  console.error('Usage: npm run backup -- <file>');
  process.exit(2);
}
const config = loadConfig();
if (config.DATABASE_URL) {
  console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump (see docs/operations.md), and the photos folder if IMAGE_STORE=fs.');
  process.exit(2);
}
const file = path.resolve(arg);
let manifest = await requestBackup(backupSocketPath(config.DATA_DIR), file);
if (manifest) console.log('The running server wrote the snapshot.');
else {
  const database = await openDatabase({ dataDir: config.DATA_DIR, reportTz: config.REPORT_TZ });
  const kind = imageStoreKind(database, config);
  const images = createImageStore(kind === 'db' ? dbBackend(database) : fsBackend(imagesDirOf(config)));
  manifest = await writeSnapshot(database, images, imagesDirOf(config), file);
  await database.close();
}
const mode = (fs.statSync(file).mode & 0o777).toString(8).padStart(4, '0');
console.log(
  `Backup written to ${file} (mode ${mode}, readable by its owner only; database, ${manifest.imageFiles} photo files; photos in the ${manifest.imageStore === 'db' ? 'database' : 'folder'}).`,
);
