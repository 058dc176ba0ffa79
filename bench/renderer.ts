import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Size of the renderer's JavaScript (gzip -9), from the electron-vite build in out/renderer. */
export interface RendererSizes {
  entry: number;
  login: number;
  all: number;
  files: { login: string[]; allCount: number };
  built: boolean;
}

export const OUT = path.resolve('out/renderer');
const gz = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

function newestMtime(dir: string): number {
  let newest = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    newest = Math.max(newest, e.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

/** Builds the renderer when out/renderer is missing or older than its sources. */
export function ensureBuilt(): boolean {
  const index = path.join(OUT, 'index.html');
  const sources = Math.max(newestMtime(path.resolve('src/renderer')), newestMtime(path.resolve('src/shared')));
  if (fs.existsSync(index) && fs.statSync(index).mtimeMs >= sources) return false;
  const r = spawnSync('npx', ['electron-vite', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new Error('electron-vite build failed');
  return true;
}

/** Static imports of a built ES module chunk (`import ... from "./x.js"`, `import "./x.js"`, `export ... from`), not `import()`. */
function staticImports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const re = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$]+\s*,?\s*)?(?:\{[^}]*\}|\*\s*as\s+[\w$]+|\*)?\s*(?:from\s*)?["']([^"']+\.js)["']/g;
  const out: string[] = [];
  for (const m of text.matchAll(re)) {
    const target = path.resolve(path.dirname(file), m[1]);
    if (fs.existsSync(target)) out.push(target);
  }
  return out;
}

/** The chunk and everything it imports statically. */
function closure(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const todo = [...roots];
  while (todo.length) {
    const f = todo.pop() as string;
    if (seen.has(f)) continue;
    seen.add(f);
    todo.push(...staticImports(f));
  }
  return seen;
}

function allJs(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? allJs(p) : p.endsWith('.js') ? [p] : [];
  });
}

export function rendererSizes(): RendererSizes {
  const built = ensureBuilt();
  const html = fs.readFileSync(path.join(OUT, 'index.html'), 'utf8');
  // Entry URLs are relative ("./assets/x.js") or absolute from the app's root ("/assets/x.js"): both live under out/renderer.
  const refs = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g)].map((m) =>
    path.join(OUT, m[1].replace(/^\.?\//, '')),
  );
  const entry = closure(refs);
  // The login screen also fetches its lazy route chunk (LoginPage-*.js) and that chunk's static imports.
  const loginChunk = allJs(OUT).filter((f) => /[\\/]LoginPage-[\w-]+\.js$/.test(f));
  const login = closure([...entry, ...loginChunk]);
  const sum = (files: Iterable<string>) => [...files].reduce((s, f) => s + gz(f), 0);
  const all = allJs(OUT);
  return {
    entry: sum(entry),
    login: sum(login),
    all: sum(all),
    built,
    files: { login: [...login].map((f) => path.relative(OUT, f)).sort(), allCount: all.length },
  };
}
