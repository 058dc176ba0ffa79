#!/usr/bin/env node
// Runs every check and test: type checks, format, lint, dead code (checks, reported apart), then unit, server
// (PGlite, and PostgreSQL when DATABASE_URL is set), desktop and end-to-end tests.
// `npm test -- server e2e` runs only those steps; an unknown step name is an error.
// A pass that cannot run here (PostgreSQL without DATABASE_URL, e2e without Chromium) lists each of its tests as skipped.
// Ends with one plain line "N passed, N failed" (plus ", N skipped" when some were).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { listVitest, printSkipped } from './test-steps/lib/skipped.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const tmp = path.join(root, '.tmp', 'test-results');
fs.rmSync(tmp, { recursive: true, force: true });
fs.mkdirSync(tmp, { recursive: true });
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const tests = { passed: 0, failed: 0, skipped: 0 };
const checks = { passed: 0, failed: 0 };
const summary = [];

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

function check(label, cmd, args) {
  const ok = run(label, cmd, args) === 0;
  if (ok) checks.passed += 1;
  else checks.failed += 1;
  summary.push(`  check ${label}: ${ok ? 'ok' : 'FAILED'}`);
}

function vitest(label, project, env) {
  const out = path.join(tmp, `${label.replace(/\W+/g, '-')}.json`);
  const code = run(
    label,
    bin('vitest'),
    ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    env,
  );
  const before = { ...tests };
  if (!fs.existsSync(out)) {
    tests.failed += 1;
  } else {
    const j = JSON.parse(fs.readFileSync(out, 'utf8'));
    tests.passed += j.numPassedTests;
    tests.failed += j.numFailedTests;
    tests.skipped += (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
    if (code !== 0 && j.numFailedTests === 0) tests.failed += 1; // a file that failed to load, or an unhandled error
  }
  summary.push(
    `  ${label}: ${tests.passed - before.passed} passed, ${tests.failed - before.failed} failed, ${tests.skipped - before.skipped} skipped`,
  );
}

const steps = new Map();
steps.set('types', () => {
  for (const p of ['tsconfig.node.json', 'tsconfig.web.json']) check(`types (${p})`, bin('tsc'), ['-p', p, '--noEmit']);
});
steps.set('format', () => check('format (prettier --check)', bin('prettier'), ['--check', '--log-level=warn', '.']));
if (fs.existsSync(path.join(root, 'eslint.config.js'))) {
  steps.set('lint', () => check('lint (eslint)', bin('eslint'), ['--max-warnings=0', '.']));
}
if (fs.existsSync(path.join(root, 'knip.json'))) {
  steps.set('deadcode', () => check('dead code (knip)', bin('knip'), ['--no-progress']));
}
steps.set('unit', () => vitest('unit', 'unit', {}));
steps.set('server', () => {
  vitest('server (PGlite)', 'server', { TEST_DB: 'pglite' });
  if (process.env.DATABASE_URL) vitest('server (PostgreSQL)', 'server', { TEST_DB: 'postgres' });
  else {
    const names = listVitest(root, ['--project', 'server']);
    printSkipped('server (PostgreSQL)', 'DATABASE_URL is not set', names);
    tests.skipped += names.length;
    // In CI the production database that was not tested is a failure, not a skip.
    const ci = process.env.CI === 'true';
    if (ci) tests.failed += 1;
    summary.push(`  server (PostgreSQL): 0 passed, ${ci ? 1 : 0} failed, ${names.length} skipped (DATABASE_URL is not set)`);
  }
});

const extraSteps = path.join(root, 'scripts', 'test-steps');
for (const f of fs
  .readdirSync(extraSteps)
  .filter((f) => /^\d+-.*\.mjs$/.test(f))
  .sort()) {
  const name = f.replace(/^\d+-/, '').replace(/\.mjs$/, '');
  steps.set(name, () => {
    const out = path.join(tmp, `${name}.counts.json`);
    const code = run(name, process.execPath, [path.join(extraSteps, f), out]);
    const counts = fs.existsSync(out) ? JSON.parse(fs.readFileSync(out, 'utf8')) : { passed: 0, failed: 1 };
    const failed = counts.failed + (code !== 0 && counts.failed === 0 ? 1 : 0);
    tests.passed += counts.passed;
    tests.failed += failed;
    tests.skipped += counts.skipped ?? 0;
    summary.push(`  ${name}: ${counts.passed} passed, ${failed} failed, ${counts.skipped ?? 0} skipped`);
  });
}

const only = process.argv.slice(2); // e.g. `npm test -- server e2e`
const unknown = only.filter((s) => !steps.has(s));
if (unknown.length) {
  console.error(`Unknown test step: ${unknown.join(', ')}. The steps are: ${[...steps.keys()].join(', ')}.`);
  process.exit(2);
}
const started = Date.now();
for (const [name, fn] of steps)
  if (!only.length || only.includes(name)) {
    const t0 = Date.now();
    fn();
    summary.push(`  (${name} took ${Math.round((Date.now() - t0) / 1000)} s)`);
  }
summary.push(`  (all took ${Math.round((Date.now() - started) / 1000)} s)`);

console.log('\n=== summary ===');
console.log(`checks: ${checks.passed} passed, ${checks.failed} failed`);
console.log(`tests: ${tests.passed} passed, ${tests.failed} failed, ${tests.skipped} skipped`);
for (const line of summary) console.log(line);
const passed = checks.passed + tests.passed;
const failed = checks.failed + tests.failed;
console.log(`${passed} passed, ${failed} failed${tests.skipped ? `, ${tests.skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
