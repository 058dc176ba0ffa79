#!/usr/bin/env node
// `npm start`: builds what is needed, starts the API server on the embedded database with demo data,
// then opens the desktop app pointed at it, or, where the Electron runtime is unavailable, prints the
// browser-mode address and keeps serving.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { accountsHold, finalLines } from './start-output.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const env = { DEMO: '1', DATA_DIR: './data', LOG_LEVEL: 'warn', ...process.env };
const host = env.HOST || '127.0.0.1';
const port = env.PORT || '8787';
const base = `http://${host}:${port}`;

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

const built = path.join(root, 'out', 'renderer', 'index.html');
const inputs = Math.max(
  newestMtime(path.join(root, 'src')),
  ...['electron.vite.config.ts', 'vite.plugins.ts', 'package-lock.json'].map((f) => fs.statSync(path.join(root, f)).mtimeMs),
);
const stale = !fs.existsSync(built) || fs.statSync(built).mtimeMs < inputs;
if (stale) {
  console.log('Building the app (electron-vite build)...');
  const r = spawnSync(bin('electron-vite'), ['build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error('Build failed; see above.');
    process.exit(1);
  }
}

// The server's own "Open ... in a browser" line is left to this script, which prints it last.
const server = spawn(bin('tsx'), ['src/server/main.ts'], {
  cwd: root,
  stdio: ['inherit', 'pipe', 'inherit'],
  env: { ...env, OPEN_HINT: '0' },
});
const hold = accountsHold();
readline.createInterface({ input: server.stdout }).on('line', (line) => {
  if (!hold.take(line)) console.log(line);
});
const stop = () => {
  if (!server.killed) server.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => process.exit(code ?? 0));

async function waitForServer() {
  for (let i = 0; i < 240; i++) {
    try {
      const r = await fetch(`${base}/api/ping`);
      if (r.ok) return true;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

function electronBinary() {
  const dir = path.join(root, 'node_modules', 'electron');
  const pathTxt = path.join(dir, 'path.txt');
  const resolve = () => {
    if (!fs.existsSync(pathTxt)) return null;
    const exe = path.join(dir, 'dist', fs.readFileSync(pathTxt, 'utf8'));
    return fs.existsSync(exe) ? exe : null;
  };
  if (resolve()) return resolve();
  // Electron's package downloads its runtime on first use; this fails quickly where the download host is unreachable.
  spawnSync(process.execPath, [path.join(dir, 'install.js')], { cwd: dir, stdio: 'ignore', timeout: 180_000 });
  return resolve();
}

if (!(await waitForServer())) {
  console.error(`The API server did not answer at ${base}/api/ping.`);
  stop();
  process.exit(1);
}
const exe = process.env.NO_ELECTRON === '1' ? null : electronBinary();
if (exe) {
  const app = spawn(exe, [root], { cwd: root, stdio: 'inherit', env: { ...process.env, API_URL: `${base}/api/` } });
  app.on('exit', stop);
}
for (const line of finalLines({ held: hold.held, base, desktop: !!exe })) console.log(line);
