import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** renderer -> shared, main -> shared, preload -> shared, server -> shared; never across. */
const SRC = path.resolve('src');
const allowed: Record<string, string[]> = {
  shared: ['shared'],
  server: ['server', 'shared'],
  main: ['main', 'shared'],
  preload: ['preload', 'shared'],
  renderer: ['renderer', 'shared'],
};

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? files(p) : /\.(ts|tsx)$/.test(e.name) ? [p] : [];
  });
}

describe('import boundaries', () => {
  it('no layer imports another layer except shared', () => {
    const violations: string[] = [];
    let checked = 0;
    for (const layer of Object.keys(allowed)) {
      for (const file of files(path.join(SRC, layer))) {
        const text = fs.readFileSync(file, 'utf8');
        for (const m of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)) {
          const target = path.resolve(path.dirname(file), m[1]);
          const rel = path.relative(SRC, target);
          if (rel.startsWith('..')) continue;
          const targetLayer = rel.split(path.sep)[0];
          checked += 1;
          if (!allowed[layer].includes(targetLayer)) violations.push(`${path.relative(SRC, file)} imports ${m[1]}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(violations).toEqual([]);
  });
});

/**
 * Inside the renderer: lib/ (helpers) sits under api/ (calls), which sits under components/ (shared screens' parts);
 * none of them reaches up into app/ or features/. A feature folder uses lib/, api/, components/, app/ and itself, never
 * another feature: what two features share moves down into lib/ or components/.
 */
const RENDERER = path.join(SRC, 'renderer', 'src');
const rendererAllowed: Record<string, string[]> = {
  lib: ['lib'],
  api: ['lib', 'api'],
  components: ['lib', 'api', 'components'],
};

/** "features/gift-cards" for a file under a feature folder, else its top folder ("components", "app", "main.tsx"). */
function rendererArea(rel: string): string {
  const [top, sub] = rel.split(path.sep);
  return top === 'features' && sub ? `features/${sub}` : top;
}

/** Each relative import of a renderer file that leaves its own area and is not allowed: "file imports spec". */
function rendererViolations(file: string, text: string): string[] {
  const from = rendererArea(path.relative(RENDERER, file));
  const violations: string[] = [];
  for (const m of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)) {
    const rel = path.relative(RENDERER, path.resolve(path.dirname(file), m[1]));
    if (rel.startsWith('..')) continue;
    const to = rendererArea(rel);
    if (to === from) continue;
    const bad = from in rendererAllowed ? !rendererAllowed[from].includes(to) : from.startsWith('features/') && to.startsWith('features/');
    if (bad) violations.push(`${path.relative(SRC, file)} imports ${m[1]} (${from} -> ${to})`);
  }
  return violations;
}

describe('renderer import boundaries', () => {
  it('lib, api and components never import upward; no feature folder imports another', () => {
    const all = files(RENDERER);
    expect(all.filter((f) => f.includes(`${path.sep}features${path.sep}`)).length).toBeGreaterThan(50);
    expect(all.flatMap((f) => rendererViolations(f, fs.readFileSync(f, 'utf8')))).toEqual([]);
  });

  it('names the offending import', () => {
    const file = path.join(RENDERER, 'features', 'statement', 'StatementPage.tsx');
    expect(rendererViolations(file, "import { x } from '../report/y';\nimport { z } from '../../lib/dates';")).toEqual([
      `${path.join('renderer', 'src', 'features', 'statement', 'StatementPage.tsx')} imports ../report/y (features/statement -> features/report)`,
    ]);
    expect(rendererViolations(path.join(RENDERER, 'api', 'results.ts'), "import { f } from '../components/format';")).toHaveLength(1);
    expect(rendererViolations(path.join(RENDERER, 'components', 'A.tsx'), "const P = lazy(() => import('../app/api'));")).toHaveLength(1);
    expect(rendererViolations(path.join(RENDERER, 'app', 'routes.tsx'), "import('../features/review/ReviewPage')")).toEqual([]);
  });
});

describe('data access', () => {
  /** The API shapes of src/shared/types.ts: built from rows by each module's shape.ts, never inside a repository. */
  const API_SHAPES = /\b(GiftCard|User|Offer|Transaction|Comment|SellerRow|CardImage|DuplicateCard|ImageMatch|ReviewClaim|Page)\b/;

  it('repositories return rows; API shapes are built outside them', () => {
    const repositories = files(path.join(SRC, 'server')).filter((f) => /repository\.ts$/.test(f));
    expect(repositories.length).toBeGreaterThan(10);
    const violations = repositories.flatMap((file) => {
      const text = fs.readFileSync(file, 'utf8');
      return [...text.matchAll(/import type \{([^}]*)\} from '[./]*\/shared\/types'/g)]
        .filter((m) => API_SHAPES.test(m[1]))
        .map((m) => `${path.relative(SRC, file)} imports ${m[1].trim()}`);
    });
    expect(violations).toEqual([]);
  });

  it('raw query results are read through db/rows.ts, not cast in each repository', () => {
    const casts = files(path.join(SRC, 'server', 'modules')).filter((f) => /as unknown as \{\s*rows/.test(fs.readFileSync(f, 'utf8')));
    expect(casts.map((f) => path.relative(SRC, f))).toEqual([]);
  });
});
