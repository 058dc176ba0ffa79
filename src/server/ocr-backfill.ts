// npm run ocr:backfill [-- --queue-only]: queues a photo read for every card whose photos were never read (cards sent
// before OCR existed) or were read by an older reader (tesseract.js, before issue 52: a read that changes a card's key
// changes its duplicate marks, which are worked out from the stored keys whenever they are asked for), and a shape hash for every photo stored without one (before migration 0024: a turned, mirrored or
// framed copy of it would be missed), then runs them here, one at a time, until none is left. With --queue-only the running
// servers' job runners read them instead (PostgreSQL; on the embedded database stop the server first, then run this).
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { createServices } from './services';
import { createImageSigner, loadImageUrlKey } from './modules/images/signing';
import { CARD_READ_JOB, queueUnreadCards } from './modules/ocr/repository';
import { OCR_READER } from './modules/ocr/engine';
import { IMAGE_SHAPES_JOB, queueImagesWithoutShapes } from './modules/images/shape-repository';
import { createJobWork } from './modules/jobs/start';
import { backlog } from './modules/jobs/repository';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, reportTz: config.REPORT_TZ });
const queued = await queueUnreadCards(database.db, OCR_READER);
console.log(`Cards queued for reading their photos: ${queued}`);
console.log(`Photos queued for their shape hashes: ${await queueImagesWithoutShapes(database.db)}`);
if (!process.argv.includes('--queue-only')) {
  const services = createServices(database, config, createImageSigner(await loadImageUrlKey(database)));
  const { runner, engine } = createJobWork(database, config, services.images);
  const started = Date.now();
  let read = 0;
  for (;;) {
    const ran = await runner.drain();
    read += ran;
    if (ran === 0) break;
    process.stdout.write(`  ${read} jobs done\r`);
  }
  await engine.close();
  const minutes = (Date.now() - started) / 60_000;
  console.log(
    `Jobs done (cards read, photos hashed): ${read}${read ? ` (${(read / Math.max(minutes, 1 / 60)).toFixed(1)} per minute)` : ''}`,
  );
}
console.log(`Jobs still waiting (retries, or taken by a server): ${await backlog(database.db, [CARD_READ_JOB, IMAGE_SHAPES_JOB])}`);
await database.close();
process.exit(0);
