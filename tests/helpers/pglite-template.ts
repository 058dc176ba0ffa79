import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../src/server/db/client';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const DB_DIR = path.join(ROOT, 'src', 'server', 'db');

/** What a migrated database is made of: the migrations, the functions, PGlite's version and the report zone. */
function templateKey(reportTz: string): string {
  const hash = createHash('sha256').update(reportTz);
  for (const dir of ['migrations', 'functions'])
    for (const f of fs.readdirSync(path.join(DB_DIR, dir)).sort()) hash.update(f).update(fs.readFileSync(path.join(DB_DIR, dir, f)));
  const pglite = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8'));
  return hash.update(pglite.version).digest('hex').slice(0, 16);
}

/**
 * A dump of a freshly migrated PGlite database, made once per set of migrations and kept in .tmp/: each test file's
 * database starts from it instead of running every migration again (about 4 s a file). The start still applies the
 * functions and checks the migrations, as a server's start does.
 */
export async function migratedPglite(reportTz: string): Promise<Blob> {
  const file = path.join(ROOT, '.tmp', 'pglite-template', `${templateKey(reportTz)}.tgz`);
  if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
  const database = await openDatabase({ dataDir: ':memory:', reportTz });
  const dump = await database.dumpDataDir!();
  await database.close();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Two test workers may make it at once: each writes its own file and renames it into place.
  const part = `${file}.${process.pid}`;
  fs.writeFileSync(part, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(part, file);
  return dump;
}
