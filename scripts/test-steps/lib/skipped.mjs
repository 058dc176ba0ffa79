// Lists the tests of a pass that cannot run here, so they are counted and printed as skipped one by one.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The test names vitest would run with these arguments (`vitest list`), without running them. */
export function listVitest(root, args) {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gcbo-list-')), 'list.json');
  spawnSync(path.join(root, 'node_modules', '.bin', 'vitest'), ['list', ...args, `--json=${out}`], { cwd: root, stdio: 'ignore' });
  if (!fs.existsSync(out)) return ['(the test list could not be read)'];
  return JSON.parse(fs.readFileSync(out, 'utf8')).map((t) => `${path.relative(root, t.file)} > ${t.name}`);
}

/** The test titles Playwright would run (`playwright test --list`), one per project, without running them. */
export function listPlaywright(root) {
  const r = spawnSync(path.join(root, 'node_modules', '.bin', 'playwright'), ['test', '--list', '--reporter=json'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  try {
    const names = [];
    const walk = (suite) => {
      for (const spec of suite.specs ?? [])
        for (const t of spec.tests?.length ? spec.tests : [{}])
          names.push(`${t.projectName ? `[${t.projectName}] ` : ''}${spec.file} > ${spec.title}`);
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of JSON.parse(r.stdout).suites ?? []) walk(suite);
    return names;
  } catch {
    return ['(the test list could not be read)'];
  }
}

export function printSkipped(label, reason, names) {
  console.log(`\n=== ${label}: skipped, ${reason} ===`);
  for (const n of names) console.log(`  - skipped: ${n}`);
}
