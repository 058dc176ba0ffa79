import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client';
import { hashPassword } from '../src/server/modules/auth/service';
import { solidPng } from '../src/server/modules/images/png';
import { insertUser } from '../src/server/modules/users/repository';
import { pgDatabaseName } from './databases';
import { describe, type Timing } from './measure';
import { runLoad, type LoadResult } from './load-spec';
import type { Log } from './session';
import { startServer, type RunningServer } from './server';

export interface PhotoFigure {
  store: 'fs' | 'db';
  bytes: number;
  r: LoadResult;
  mbPerSecond: number;
}

/** A photo-sized PNG (incompressible bytes in a private chunk): what a phone photo costs to serve. */
function photo(bytes: number): Buffer {
  const small = solidPng(8, 8, [40, 90, 160]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(bytes);
  return Buffer.concat([
    small.subarray(0, small.length - 12),
    len,
    Buffer.from('ruBy', 'latin1'),
    randomBytes(bytes),
    Buffer.alloc(4),
    small.subarray(-12),
  ]);
}

async function json(base: string, method: string, route: string, token?: string, body?: unknown) {
  const res = await fetch(`${base}/api/${route}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
    },
    body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
  return (await res.json()) as any;
}

/**
 * Photo serving from each store side by side: one PostgreSQL database, one server with IMAGE_STORE=fs and one with
 * IMAGE_STORE=db, the same 1 MB photo uploaded through each, GET of its signed URL measured in alternating rounds.
 */
export async function photoServing(baseUrl: string, t: Timing, rounds: number, log: Log): Promise<PhotoFigure[]> {
  const name = pgDatabaseName('photos');
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  const database = await openDatabase({ databaseUrl: url, dataDir: ':memory:', reportTz: 'UTC' });
  const passwordHash = await hashPassword('bench-password-1');
  await insertUser(database.db, { name: 'Photo admin', email: 'photo-admin@bench.example', role: 'admin', passwordHash, rate: null });
  await insertUser(database.db, { name: 'Photo seller', email: 'photo-seller@bench.example', role: 'seller', passwordHash, rate: null });
  await database.close();

  const servers: { store: 'fs' | 'db'; server: RunningServer; dir: string; url: string }[] = [];
  const bytes = 1024 * 1024;
  const image = photo(bytes);
  try {
    for (const store of ['fs', 'db'] as const) {
      const dir = path.resolve('bench/data', `photos-${store}`);
      fs.rmSync(dir, { recursive: true, force: true });
      const server = await startServer({ DATABASE_URL: url, DATA_DIR: dir, IMAGE_STORE: store });
      servers.push({ store, server, dir, url: '' });
    }
    const base = servers[0].server.base;
    const login = async (email: string) =>
      (await json(base, 'POST', 'login', undefined, { email, password: 'bench-password-1' })).token as string;
    const staff = await login('photo-admin@bench.example');
    const seller = await login('photo-seller@bench.example');
    await json(base, 'POST', 'gift-card-offer', staff, {
      title: 'Photos',
      is_active: 1,
      price_type: 0,
      min_price: 10,
      max_price: 100,
      rate_type: 0,
      rate: 10,
    });
    const offerId = (await json(base, 'GET', 'all-gift-card-offer', staff))[0].id as number;
    for (const s of servers) {
      const fd = new FormData();
      fd.append('giftcard_offer_id', String(offerId));
      fd.append('price', '50');
      fd.append('gallery[0]', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'photo.png');
      await json(s.server.base, 'POST', 'gift-card', seller, fd);
      const id = (await json(s.server.base, 'GET', 'my-giftcard?page=1', seller)).data.data[0].id as number;
      s.url = (await json(s.server.base, 'GET', `gift-card/${id}`, seller)).images[0].url as string;
    }
    const best = new Map<string, LoadResult>();
    for (let round = 0; round < rounds; round++) {
      for (const s of round % 2 === 0 ? servers : [...servers].reverse()) {
        const r = await runLoad({
          base: s.server.base,
          method: 'GET',
          path: s.url,
          connections: t.connections,
          warmupSeconds: t.warmup,
          seconds: t.duration,
        });
        log(`[photos] GET 1 MB photo, IMAGE_STORE=${s.store}  ${describe(r)}  ${((r.rps * bytes) / 1e6).toFixed(1)} MB/s`);
        if (!best.has(s.store) || r.rps > best.get(s.store)!.rps) best.set(s.store, r);
      }
    }
    return servers.map((s) => ({ store: s.store, bytes, r: best.get(s.store)!, mbPerSecond: (best.get(s.store)!.rps * bytes) / 1e6 }));
  } finally {
    for (const s of servers) {
      await s.server.stop();
      fs.rmSync(s.dir, { recursive: true, force: true });
    }
  }
}

export const photosMarkdown = (figures: PhotoFigure[]) =>
  [
    '',
    '## Photo serving (1 MB photo, signed URL, each store on its own server over one PostgreSQL database)',
    '',
    '| store | req/s | MB/s | p50 ms | p99 ms |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...figures.map(
      (f) =>
        `| IMAGE_STORE=${f.store} | ${f.r.rps.toFixed(0)} | ${f.mbPerSecond.toFixed(1)} | ${f.r.p50.toFixed(2)} | ${f.r.p99.toFixed(2)} |`,
    ),
    '',
  ].join('\n');
