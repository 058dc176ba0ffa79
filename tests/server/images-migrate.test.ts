import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { migrateImagesToDatabase } from '../../src/server/modules/images/migrate';
import { startTestServer, type TestServer } from '../helpers/server';
import { JPEG, WEBP, createOffer, form, imagesDir, png, rangeOffer, submitCard } from '../helpers/cards';

let s: TestServer;
let offerId: number;
const uploaded = new Map<string, Buffer>();

beforeAll(async () => {
  // Photos uploaded through the API into the folder store, as a deployment from before the database store has them.
  s = await startTestServer({ config: { IMAGE_STORE: 'fs' } });
  offerId = await createOffer(s, rangeOffer());
  const sets = [[png(), JPEG], [WEBP], [png(), png(), png()]];
  for (const images of sets) {
    const id = await submitCard(s, s.users.sellerA, { giftcard_offer_id: offerId, price: 50 }, images);
    const detail = await s.call('GET', `gift-card/${id}`, { token: s.users.admin.token });
    detail.body.images.forEach((img: { image: string }, i: number) => uploaded.set(img.image, images[i]));
  }
  const comment = png();
  const cardId = (await s.call('GET', 'my-giftcard?page=1', { token: s.users.sellerA.token })).body.data.data[0].id;
  const c = await s.call('POST', `add-gift-card/${cardId}`, {
    token: s.users.admin.token,
    body: form({ comment: 'see the back' }, [{ field: 'comment_image', data: comment }]),
  });
  expect(c.status).toBe(200);
  const [row] = await s.database.query<{ image: string }>(sql`SELECT image FROM gift_card_comments WHERE image IS NOT NULL`);
  uploaded.set(row.image, comment);
});
afterAll(async () => s?.close());

const blobs = async () => Number((await s.database.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM image_blobs`))[0].n);

describe('images:migrate', () => {
  it('copies every photo once (hash verified), copies nothing the second time, resumes after a lost or torn copy', async () => {
    expect(fs.readdirSync(imagesDir(s)).sort()).toEqual([...uploaded.keys()].sort());
    expect(await blobs()).toBe(0);

    const first = await migrateImagesToDatabase(s.database, imagesDir(s));
    expect(first).toEqual({ referenced: uploaded.size, copied: uploaded.size, alreadyThere: 0, missing: [], failed: [] });
    const second = await migrateImagesToDatabase(s.database, imagesDir(s));
    expect(second).toEqual({ referenced: uploaded.size, copied: 0, alreadyThere: uploaded.size, missing: [], failed: [] });

    // An interrupted earlier run: one row never written, one written with other bytes.
    const [lost, torn] = [...uploaded.keys()];
    await s.database.query(sql`DELETE FROM image_blobs WHERE name = ${lost}`);
    await s.database.query(sql`UPDATE image_blobs SET data = ${Buffer.from('torn')} WHERE name = ${torn}`);
    const third = await migrateImagesToDatabase(s.database, imagesDir(s));
    expect(third).toMatchObject({ copied: 2, alreadyThere: uploaded.size - 2, missing: [], failed: [] });
    // The files stay where they were.
    expect(fs.readdirSync(imagesDir(s))).toHaveLength(uploaded.size);
  });

  it('then serves every photo from the database, from a server with an empty data folder', async () => {
    const otherDir = fs.mkdtempSync(path.join(path.dirname(s.config.DATA_DIR), 'gcbo-dbstore-'));
    const app = await buildApp({ config: { ...s.config, IMAGE_STORE: 'db', DATA_DIR: otherDir }, database: s.database });
    try {
      expect(app.services.images.kind).toBe('db');
      for (const [name, bytes] of uploaded) {
        const res = await app.inject({ method: 'GET', url: app.services.signer.url(name, s.users.admin.id) });
        expect(res.statusCode).toBe(200);
        expect(res.rawPayload.equals(bytes)).toBe(true);
      }
      expect(fs.readdirSync(otherDir)).toEqual([]);
    } finally {
      await app.close();
      fs.rmSync(otherDir, { recursive: true, force: true });
    }
  });

  it('reports a photo that is neither a file nor a row as missing', async () => {
    const [name] = [...uploaded.keys()];
    fs.renameSync(path.join(imagesDir(s), name), path.join(imagesDir(s), `${name}.moved`));
    await s.database.query(sql`DELETE FROM image_blobs WHERE name = ${name}`);
    const counts = await migrateImagesToDatabase(s.database, imagesDir(s));
    expect(counts).toMatchObject({ copied: 0, missing: [name], failed: [] });
  });
});

// The command itself, once, on an embedded database directory (the PGlite pass).
describe.runIf(process.env.TEST_DB !== 'postgres')('npm run images:migrate', () => {
  it('runs on a data folder and prints the counts', () => {
    const dataDir = fs.mkdtempSync(path.join(path.dirname(s.config.DATA_DIR), 'gcbo-migrate-cli-'));
    try {
      const run = () =>
        spawnSync(path.resolve('node_modules/.bin/tsx'), ['src/server/images-migrate.ts'], {
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
          encoding: 'utf8',
        });
      const r = run();
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toContain('Photos referenced by cards and comments: 0');
      expect(r.stdout).toContain('copied now (hash verified):   0');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
