// npm run report:rebuild -- <time zone>: recounts the report days (report_daily) in that zone and pins it.
// Stop every server on the database first; then start them with the same REPORT_TZ.
import { loadConfig } from './config';
import { openDatabase } from './db/client';

const tz = process.argv[2];
if (!tz) {
  console.error('Usage: npm run report:rebuild -- <time zone, e.g. Europe/Paris>');
  process.exit(2);
}
try {
  new Intl.DateTimeFormat('en', { timeZone: tz });
} catch {
  console.error(`Unknown time zone: ${tz}`);
  process.exit(2);
}
const config = loadConfig({ ...process.env, REPORT_TZ: tz });
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  reportTz: tz,
  onReportTzMismatch: 'rebuild',
});
await database.close();
console.log(`Report days are counted in ${tz}. Start the servers with REPORT_TZ=${tz}.`);
