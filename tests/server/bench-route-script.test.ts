import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { freshDatabase, testDbKind } from '../helpers/db';
import { generate } from '../../bench/generate';
import { postgresSql } from '../../bench/sql';
import { captureRoutes } from '../../bench/route-capture';
import { defineArgs, routeScript, type RouteScript, type SentStatement } from '../../bench/route-script';
import { findPgbench } from '../../bench/pgbench';
import { LIST_ROUTES } from '../../bench/routes';

const CARD = 150;

/** The script's statements with its variables bound to their values, as `$n` parameters node-postgres can send. */
function bound({ script, defines }: RouteScript): SentStatement[] {
  const values = new Map<string, unknown>(Object.entries(defines));
  const lines = script.trimEnd().split('\n');
  for (const line of lines.filter((l) => l.startsWith('\\set '))) {
    const [, name, expr] = /^\\set (\w+) (.+)$/.exec(line)!;
    values.set(name!, /^random\(/.test(expr!) ? CARD : Number(expr));
  }
  const sql = lines.filter((l) => !l.startsWith('\\set ')).join('\n');
  return sql
    .split(/;\n|;$/)
    .filter((s) => s.trim())
    .map((text) => {
      const params: unknown[] = [];
      const out = text.replace(/(?<!:):([A-Za-z_]\w*)/g, (_, name: string) => {
        if (!values.has(name)) throw new Error(`undefined variable ${name}`);
        params.push(values.get(name));
        return `$${params.length}`;
      });
      return { sql: out, params };
    });
}

/** Issue 51's anchor: each list route's statements, captured from the real app, as a pgbench script that runs. */
describe.skipIf(testDbKind() !== 'postgres')('bench: list routes as pgbench scripts on PostgreSQL', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let captured: Map<string, SentStatement[]>;
  let client: pg.Client;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'route-script-'));
  beforeAll(async () => {
    fresh = await freshDatabase();
    const sql = await postgresSql(fresh.url!);
    try {
      await generate(sql, 200, () => {});
    } finally {
      await sql.close();
    }
    captured = await captureRoutes(fresh.url!, LIST_ROUTES, CARD);
    client = new pg.Client({ connectionString: fresh.url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await fresh?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("capture the token check and the route's reads, the card id where the path had it", () => {
    for (const route of LIST_ROUTES) {
      const statements = captured.get(route.name)!;
      expect(statements.length, route.name).toBeGreaterThanOrEqual(2);
      expect(statements[0]!.sql, route.name).toMatch(/from "auth_tokens"/);
    }
    const card = captured.get('GET /api/gift-card/{id}')!;
    expect(card.filter((s) => s.params.includes(CARD)).length).toBeGreaterThanOrEqual(2);
  });

  it('bind the same values in the script as the server sent: the same rows', async () => {
    for (const route of LIST_ROUTES) {
      const statements = captured.get(route.name)!;
      const varied = route.randomCardId ? [{ name: 'card_id', value: CARD, expr: 'random(1, 200)' }] : [];
      const script = routeScript(statements, varied);
      if (route.randomCardId) expect(script.script).toMatch(/= :card_id\b/);
      expect(script.script).not.toMatch(/\$\d/);
      const replayed = bound(script);
      expect(replayed.length).toBe(statements.length);
      for (const [i, s] of statements.entries()) {
        const want = (await client.query(s.sql, s.params)).rows;
        // The token check and the page or card find rows (a card's OCR reads may be none).
        if (i < 2) expect(want.length, `${route.name} statement ${i + 1}`).toBeGreaterThan(0);
        expect((await client.query(replayed[i]!.sql, replayed[i]!.params)).rows, `${route.name} statement ${i + 1}`).toEqual(want);
      }
    }
  });

  it('run under pgbench -M prepared without an error', () => {
    const bin = findPgbench();
    expect(bin, 'pgbench (Debian: apt-get install postgresql-client)').toBeTruthy();
    for (const route of LIST_ROUTES) {
      const varied = route.randomCardId ? [{ name: 'card_id', value: CARD, expr: 'random(1, 200)' }] : [];
      const { script, defines } = routeScript(captured.get(route.name)!, varied);
      const file = path.join(dir, 'route.sql');
      fs.writeFileSync(file, script);
      const args = ['-n', '-M', 'prepared', '-f', file, ...defineArgs(defines), '-c', '2', '-t', '5', fresh.url!];
      const run = spawnSync(bin!, args, { encoding: 'utf8', timeout: 60_000 });
      expect(run.status, `${route.name}: ${run.stderr}`).toBe(0);
      expect(run.stdout).toMatch(/number of transactions actually processed: 10\/10/);
      expect(run.stdout).toMatch(/number of failed transactions: 0 /);
    }
  });
});
