// npm run restore -- <file>: brings a backup (npm run backup) back into an empty DATA_DIR. Start the server after.
import path from 'node:path';
import { loadConfig } from './config';
import { restoreSnapshot } from './backup/snapshot';

const arg = process.argv[2];
if (!arg) {
  console.error('Usage: npm run restore -- <file>   (into DATA_DIR, which must be empty)');
  process.exit(2);
}
const config = loadConfig();
try {
  const manifest = await restoreSnapshot(path.resolve(arg), config.DATA_DIR);
  console.log(`Restored the backup of ${manifest.createdAt} into ${path.resolve(config.DATA_DIR)} (${manifest.imageFiles} photo files).`);
} catch (err) {
  console.error(`Restore failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
