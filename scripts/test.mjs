#!/usr/bin/env node
// Runs every test: types, unit, server (PGlite, and PostgreSQL when DATABASE_URL is set), security scan, end-to-end.
// Ends with one plain line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const tmp = path.join(root, '.tmp', 'test-results');
fs.rmSync(tmp, { recursive: true, force: true });
fs.mkdirSync(tmp, { recursive: true });
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const only = process.argv.slice(2); // e.g. `npm test -- server e2e`

let passed = 0;
let failed = 0;
let skipped = 0;
const summary = [];

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

function step(name, fn) {
  if (only.length && !only.includes(name)) return;
  const before = { passed, failed };
  fn();
  summary.push(`${name}: ${passed - before.passed} passed, ${failed - before.failed} failed`);
}

function vitest(label, project, env) {
  const out = path.join(tmp, `${label.replace(/\W+/g, '-')}.json`);
  const code = run(
    label,
    bin('vitest'),
    ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    env,
  );
  if (!fs.existsSync(out)) {
    failed += 1;
    return;
  }
  const j = JSON.parse(fs.readFileSync(out, 'utf8'));
  passed += j.numPassedTests;
  failed += j.numFailedTests;
  skipped += (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
  if (code !== 0 && j.numFailedTests === 0) failed += 1; // a file that failed to load, or an unhandled error
}

step('types', () => {
  for (const p of ['tsconfig.node.json', 'tsconfig.web.json']) {
    if (run(`typecheck ${p}`, bin('tsc'), ['-p', p, '--noEmit']) === 0) passed += 1;
    else failed += 1;
  }
});

step('format', () => {
  if (run('prettier --check', bin('prettier'), ['--check', '--log-level=warn', '.']) === 0) passed += 1;
  else failed += 1;
});

step('unit', () => vitest('unit', 'unit', {}));

step('server', () => {
  vitest('server (PGlite)', 'server', { TEST_DB: 'pglite' });
  if (process.env.DATABASE_URL) vitest('server (PostgreSQL)', 'server', { TEST_DB: 'postgres' });
  else console.log('\nserver (PostgreSQL): skipped, DATABASE_URL is not set');
});

const extraSteps = path.join(root, 'scripts', 'test-steps');
if (fs.existsSync(extraSteps)) {
  for (const f of fs
    .readdirSync(extraSteps)
    .filter((f) => f.endsWith('.mjs'))
    .sort()) {
    const name = f.replace(/^\d+-/, '').replace(/\.mjs$/, '');
    step(name, () => {
      const out = path.join(tmp, `${name}.counts.json`);
      const code = run(name, process.execPath, [path.join(extraSteps, f), out]);
      const counts = fs.existsSync(out) ? JSON.parse(fs.readFileSync(out, 'utf8')) : { passed: 0, failed: 1 };
      passed += counts.passed;
      failed += counts.failed + (code !== 0 && counts.failed === 0 ? 1 : 0);
      skipped += counts.skipped ?? 0;
    });
  }
}

console.log('\n=== summary ===');
for (const line of summary) console.log(line);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
