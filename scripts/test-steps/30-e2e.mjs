#!/usr/bin/env node
// End-to-end tests (Playwright, Debian's Chromium) against the real server; writes {"passed","failed","skipped"} to argv[2].
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { listPlaywright, printSkipped } from './lib/skipped.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const out = process.argv[2] ?? path.join(root, '.tmp', 'e2e.counts.json');
const report = path.join(root, '.tmp', 'e2e-report.json');
fs.mkdirSync(path.dirname(report), { recursive: true });
fs.rmSync(report, { force: true });

if (!fs.existsSync('/usr/bin/chromium')) {
  const names = listPlaywright(root);
  printSkipped('e2e', '/usr/bin/chromium is not installed (.ci/run installs it)', names);
  fs.writeFileSync(out, JSON.stringify({ passed: 0, failed: 0, skipped: names.length }));
  process.exit(0);
}

const r = spawnSync(path.join(root, 'node_modules', '.bin', 'playwright'), ['test', '--reporter=list,json'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
});

let counts = { passed: 0, failed: 1, skipped: 0 };
if (fs.existsSync(report)) {
  const s = JSON.parse(fs.readFileSync(report, 'utf8')).stats ?? {};
  counts = { passed: s.expected ?? 0, failed: (s.unexpected ?? 0) + (s.flaky ?? 0), skipped: s.skipped ?? 0 };
  if (r.status !== 0 && counts.failed === 0) counts.failed = 1; // global setup failed, or an error outside the tests
}
fs.writeFileSync(out, JSON.stringify(counts));
console.log(`e2e: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(r.status ?? 1);
