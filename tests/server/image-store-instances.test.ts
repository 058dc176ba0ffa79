import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/modules/auth/service';
import { insertUser } from '../../src/server/modules/users/repository';
import { freshDatabase, testDbKind } from '../helpers/db';
import { apiCall, startServerProcess, type ServerProcess } from '../helpers/server-process';
import { JPEG, WEBP, form, gallery, png, rangeOffer } from '../helpers/cards';

const PASSWORD = 'password-123';

/** A PNG over 256 KB (a private chunk of random bytes before IEND), so serving it from the database takes several slices. */
function largePng(): Buffer {
  const small = png();
  const body = randomBytes(700 * 1024);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(body.length);
  return Buffer.concat([
    small.subarray(0, small.length - 12),
    len,
    Buffer.from('ruBy', 'latin1'),
    body,
    Buffer.alloc(4),
    small.subarray(-12),
  ]);
}

interface Instance extends ServerProcess {
  dataDir: string;
}

/** `tsx src/server/main.ts` on the shared database with its own data folder, as a second machine would run it. */
async function startInstance(databaseUrl: string): Promise<Instance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gcbo-instance-'));
  return Object.assign(await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl }), { dataDir });
}

const api = (i: Instance, method: string, route: string, token?: string, body?: unknown) => apiCall(i.base, method, route, token, body);

const onPostgres = testDbKind() === 'postgres';

describe.runIf(onPostgres)('two server processes with separate data folders on one PostgreSQL database', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let a: Instance;
  let b: Instance;
  let admin: string;
  let seller: string;

  beforeAll(async () => {
    fresh = await freshDatabase();
    const passwordHash = await hashPassword(PASSWORD);
    await insertUser(fresh.database.db, { name: 'Admin', email: 'admin@instances.test', role: 'admin', passwordHash, rate: null });
    await insertUser(fresh.database.db, { name: 'Seller', email: 'seller@instances.test', role: 'seller', passwordHash, rate: null });
    [a, b] = await Promise.all([startInstance(fresh.url!), startInstance(fresh.url!)]);
    const login = async (i: Instance, email: string) =>
      (await api(i, 'POST', 'login', undefined, { email, password: PASSWORD })).body.token as string;
    admin = await login(a, 'admin@instances.test');
    seller = await login(b, 'seller@instances.test');
  }, 180_000);

  afterAll(async () => {
    for (const i of [a, b]) {
      if (!i) continue;
      i.child.kill('SIGKILL');
      fs.rmSync(i.dataDir, { recursive: true, force: true });
    }
    await fresh?.drop();
  });

  const blobCount = async () => Number((await fresh.database.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM image_blobs`))[0].n);
  const photo = async (i: Instance, url: string) => {
    const res = await fetch(`${i.base}${url}`);
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      cache: res.headers.get('cache-control'),
      bytes: Buffer.from(await res.arrayBuffer()),
    };
  };

  it('serves photos uploaded through either instance byte for byte from both; a delete through one removes them for both', async () => {
    expect(a.out).toContain('Card photos: stored in the database (IMAGE_STORE=db)');
    expect(b.out).toContain('Card photos: stored in the database (IMAGE_STORE=db)');
    expect((await api(a, 'POST', 'gift-card-offer', admin, rangeOffer())).status).toBe(200);
    const offerId = (await api(b, 'GET', 'all-gift-card-offer', admin)).body[0].id as number;

    const big = largePng();
    const first = [png(), JPEG, big];
    const second = [WEBP];
    const submit = async (i: Instance, images: Buffer[]) => {
      const r = await api(i, 'POST', 'gift-card', seller, form({ giftcard_offer_id: offerId, price: 50 }, gallery(...images)));
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return (await api(i, 'GET', 'my-giftcard?page=1', seller)).body.data.data[0].id as number;
    };
    const cardA = await submit(a, first);
    const cardB = await submit(b, second);
    const comment = png();
    const c = await api(
      b,
      'POST',
      `add-gift-card/${cardA}`,
      admin,
      form({ comment: 'the back, please' }, [{ field: 'comment_image', data: comment }]),
    );
    expect(c.status, JSON.stringify(c.body)).toBe(200);

    const urlsOf = async (i: Instance, id: number) =>
      ((await api(i, 'GET', `gift-card/${id}`, seller)).body.images as { url: string }[]).map((x) => x.url);
    const commentUrl = async (i: Instance) =>
      ((await api(i, 'GET', `gift-card-comments/${cardA}?page=1`, seller)).body.data.data as { image_url: string | null }[])[0].image_url!;
    for (const [id, images] of [
      [cardA, first],
      [cardB, second],
    ] as const) {
      for (const from of [a, b]) {
        const urls = await urlsOf(from, id);
        expect(urls).toHaveLength(images.length);
        for (const to of [a, b]) {
          for (const [k, url] of urls.entries()) {
            const got = await photo(to, url);
            expect(got.status).toBe(200);
            expect(got.cache).toBe('private, no-store');
            expect(got.bytes.equals(images[k])).toBe(true);
          }
        }
      }
    }
    for (const to of [a, b]) expect((await photo(to, await commentUrl(a))).bytes.equals(comment)).toBe(true);
    // Nothing was written to either instance's own folder.
    for (const i of [a, b])
      expect(fs.existsSync(path.join(i.dataDir, 'images')) ? fs.readdirSync(path.join(i.dataDir, 'images')) : []).toEqual([]);
    expect(await blobCount()).toBe(first.length + second.length + 1);

    const goneUrls = [...(await urlsOf(a, cardA)), await commentUrl(a)];
    expect((await api(b, 'DELETE', `gift-card/${cardA}`, seller)).status).toBe(200);
    for (const to of [a, b]) for (const url of goneUrls) expect((await photo(to, url)).status).toBe(404);
    expect(await blobCount()).toBe(second.length);
    for (const to of [a, b]) expect((await photo(to, (await urlsOf(b, cardB))[0])).status).toBe(200);
  }, 120_000);

  it('a save that fails after the photos were written leaves no photo row', async () => {
    const before = await blobCount();
    expect(before).toBeGreaterThan(0);
    // The offer is unknown: refused inside the transaction that already wrote the photo rows.
    const r = await api(a, 'POST', 'gift-card', seller, form({ giftcard_offer_id: 999_999, price: 50 }, gallery(png(), JPEG)));
    expect(r.status).toBe(422);
    expect(await blobCount()).toBe(before);
  });
});
