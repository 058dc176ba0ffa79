#!/usr/bin/env node
// End-to-end tests (Playwright, Debian's Chromium) against the real server, both projects (browser: HTTP; desktop:
// IPC through main's real handlers); writes {"passed","failed","skipped"} to argv[2] and each project's time per spec.
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
  // In CI a UI that was not tested is a failure, not a skip.
  const ci = process.env.CI === 'true';
  if (ci) console.log('FAILED: CI=true and the end-to-end tests cannot run');
  fs.writeFileSync(out, JSON.stringify({ passed: 0, failed: ci ? 1 : 0, skipped: names.length }));
  process.exit(ci ? 1 : 0);
}

const r = spawnSync(path.join(root, 'node_modules', '.bin', 'playwright'), ['test', '--reporter=list,json'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
});

/** Each project's counts and where its time went (seconds per spec file, slowest first). */
function byProject(json) {
  const projects = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? []) {
        const p = projects.get(t.projectName) ?? { passed: 0, failed: 0, skipped: 0, files: new Map() };
        projects.set(t.projectName, p);
        if (t.status === 'expected') p.passed += 1;
        else if (t.status === 'skipped') p.skipped += 1;
        else p.failed += 1;
        const ms = (t.results ?? []).reduce((sum, res) => sum + (res.duration ?? 0), 0);
        p.files.set(spec.file, (p.files.get(spec.file) ?? 0) + ms);
      }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of json.suites ?? []) walk(suite);
  for (const [name, p] of projects) {
    const files = [...p.files].sort((a, b) => b[1] - a[1]);
    const total = files.reduce((sum, [, ms]) => sum + ms, 0);
    console.log(`e2e [${name}]: ${p.passed} passed, ${p.failed} failed, ${p.skipped} skipped in ${Math.round(total / 1000)} s`);
    for (const [file, ms] of files) console.log(`  ${String(Math.round(ms / 1000)).padStart(4)} s  ${file}`);
  }
}

let counts = { passed: 0, failed: 1, skipped: 0 };
if (fs.existsSync(report)) {
  const json = JSON.parse(fs.readFileSync(report, 'utf8'));
  const s = json.stats ?? {};
  counts = { passed: s.expected ?? 0, failed: (s.unexpected ?? 0) + (s.flaky ?? 0), skipped: s.skipped ?? 0 };
  if (r.status !== 0 && counts.failed === 0) counts.failed = 1; // global setup failed, or an error outside the tests
  byProject(json);
}
fs.writeFileSync(out, JSON.stringify(counts));
console.log(`e2e: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(r.status ?? 1);
