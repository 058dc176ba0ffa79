// npm run images:migrate [-- <folder>]: copies the card photos from a data folder (default DATA_DIR/images) into
// the database (image_blobs), so that servers with IMAGE_STORE=db serve them. On PostgreSQL it may run while servers
// run (on the embedded database, stop the server first). Safe to run again and to interrupt: each photo is one
// committed row, checked against the file's SHA-256.
import path from 'node:path';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { migrateImagesToDatabase } from './modules/images/migrate';
import { imagesDirOf } from './modules/images/store';

const config = loadConfig();
const dir = process.argv[2] ? path.resolve(process.argv[2]) : imagesDirOf(config);
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, reportTz: config.REPORT_TZ });
console.log(`Copying card photos from ${dir} into the ${database.kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database...`);
const counts = await migrateImagesToDatabase(database, dir, (done) => process.stdout.write(`  ${done} photos checked\r`));
await database.close();
console.log(
  [
    `Photos referenced by cards and comments: ${counts.referenced}`,
    `  copied now (hash verified):   ${counts.copied}`,
    `  already in the database:      ${counts.alreadyThere}`,
    `  missing (no file, no row):    ${counts.missing.length}${counts.missing.length ? ` (${counts.missing.slice(0, 5).join(', ')}${counts.missing.length > 5 ? ', ...' : ''})` : ''}`,
    `  failed the hash check:        ${counts.failed.length}${counts.failed.length ? ` (${counts.failed.join(', ')})` : ''}`,
    counts.failed.length
      ? 'Run it again to retry the failed ones.'
      : 'Start the servers with IMAGE_STORE=db (the default with DATABASE_URL). The files were left in place.',
  ].join('\n'),
);
process.exit(counts.failed.length ? 1 : 0);
