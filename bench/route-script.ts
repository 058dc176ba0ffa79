import { createRequire } from 'node:module';

/** node-postgres's own conversion of a bound value to the text it sends (a Date, an array, a Buffer...). */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as { prepareValue(v: unknown): unknown };

/** One statement as the server sent it: SQL text with `$n` placeholders and the values bound to them. */
export interface SentStatement {
  sql: string;
  params: unknown[];
}

/** A value the route varies per request (a card id in the path): pgbench draws it anew each transaction. */
export interface Varied {
  name: string;
  /** The value the captured request used. */
  value: number;
  /** A pgbench expression, e.g. `random(1, 1000000)`. */
  expr: string;
}

/** A pgbench custom script and the string variables it needs (`-D name=value`: pgbench's `\set` holds numbers only). */
export interface RouteScript {
  script: string;
  defines: Record<string, string>;
}

/**
 * A pgbench variable reference is a colon before a name, anywhere in the text, quoted or not; the server's SQL has
 * some inside string literals (`'HH24:MI:SS'`). Such a literal becomes an escape string with `\x3a` for its colons:
 * the same value, nothing for pgbench to substitute. (`::` casts pgbench leaves alone.)
 */
export function escapeColons(sql: string): string {
  return sql.replace(/(^|[^\w'])'((?:[^']|'')*)'/g, (whole, before: string, body: string) =>
    /:[A-Za-z_]/.test(body) ? `${before}E'${body.replace(/\\/g, '\\\\').replace(/:/g, '\\x3a')}'` : whole,
  );
}

const isInteger = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

/**
 * The statements one request of a route sends, as one pgbench transaction (run with `-M prepared`, as the server
 * prepares each parameterised statement): each `$n` becomes a variable. A value equal to a `varied` one is drawn anew
 * each transaction; other integers are `\set` to what the route sent, anything else (a token hash, an id array)
 * goes in `defines` as node-postgres would send it. A value that is the same in two statements is one variable.
 */
export function routeScript(statements: SentStatement[], varied: Varied[] = []): RouteScript {
  const names = new Map<string, string>();
  const sets: string[] = varied.map((v) => `\\set ${v.name} ${v.expr}`);
  const defines: Record<string, string> = {};
  const variable = (value: unknown): string | null => {
    if (value === null || value === undefined) return null;
    const v = varied.find((x) => x.value === value || (typeof value === 'string' && value === String(x.value)));
    if (v) return v.name;
    const text = String(prepareValue(value));
    const key = `${typeof value}:${text}`;
    let name = names.get(key);
    if (!name) {
      names.set(key, (name = `v${names.size + 1}`));
      if (isInteger(value)) sets.push(`\\set ${name} ${value}`);
      else defines[name] = text;
    }
    return name;
  };
  const body = statements.map((s) => {
    const sql = escapeColons(s.sql.trim().replace(/;+$/, '')).replace(/\$(\d+)\b/g, (whole, n: string) => {
      if (Number(n) > s.params.length) throw new Error(`statement has ${whole} but ${s.params.length} values: ${s.sql.slice(0, 80)}`);
      const name = variable(s.params[Number(n) - 1]);
      return name ? `:${name}` : 'NULL';
    });
    return `${sql};`;
  });
  return { script: `${[...sets, ...body].join('\n')}\n`, defines };
}

/** pgbench's arguments for the script's string variables. */
export const defineArgs = (defines: Record<string, string>) => Object.entries(defines).flatMap(([k, v]) => ['-D', `${k}=${v}`]);
