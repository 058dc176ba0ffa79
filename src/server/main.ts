import { loadConfig, ConfigError } from './config';
import { openDatabase } from './db/client';
import { buildApp } from './app';
import { LIMITS } from '../shared/limits';
import { bootstrapAdmin } from './seed/bootstrap';
import { demoAccountsIn, seedDemo } from './seed/demo';
import { readyLines } from './startup-lines';
import { imagesDirOf } from './modules/images/store';
import { backupSocketPath, listenForBackups } from './backup/control';
import { writeSnapshot } from './backup/snapshot';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  for (const w of config.warnings) console.warn(`Warning: ${w}`);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    reportTz: config.REPORT_TZ,
    poolSize: config.DB_POOL_SIZE,
  });
  const app = await buildApp({ config, database });
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD && (await bootstrapAdmin(database, config.ADMIN_EMAIL, config.ADMIN_PASSWORD))) {
    console.log(`Created admin account ${config.ADMIN_EMAIL}`);
  }
  // The demo accounts seeded now, or by an earlier start (listed each time, right above the address to open).
  const accounts = config.DEMO ? await seedDemo(database, app.services) : [];
  if (config.DEMO && !accounts.length) accounts.push(...(await demoAccountsIn(database)));
  await app.listen({ port: config.PORT, host: config.HOST });
  const address = `http://${config.HOST}:${(app.server.address() as { port: number }).port}`;
  console.log(
    `API listening on ${address}/api/ (database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}` : 'PostgreSQL'})`,
  );

  console.log(
    app.services.images.kind === 'db'
      ? 'Card photos: stored in the database (IMAGE_STORE=db)'
      : `Card photos: stored in ${imagesDirOf(config)} (IMAGE_STORE=fs)`,
  );

  // The embedded database: `npm run backup` asks this process for a snapshot over a local socket.
  const backups =
    database.kind === 'pglite'
      ? await listenForBackups(backupSocketPath(config.DATA_DIR), (file) =>
          writeSnapshot(database, app.services.images, imagesDirOf(config), file),
        )
      : null;

  for (const line of readyLines({
    address,
    accounts,
    adminEmail: config.ADMIN_EMAIL || undefined,
    openHint: process.env.OPEN_HINT !== '0',
  }))
    console.log(line);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: finishing requests in flight, then stopping`);
    const timer = setTimeout(() => process.exit(1), LIMITS.http.shutdownMs.value);
    timer.unref();
    backups?.close();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  console.error(`Server failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
