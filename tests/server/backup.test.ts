import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { hashPassword } from '../../src/server/modules/auth/service';
import { insertUser } from '../../src/server/modules/users/repository';
import { freshDatabase } from '../helpers/db';
import { JPEG, WEBP, form, gallery, png, rangeOffer } from '../helpers/cards';
import { apiCall as api, fetchPhoto, runServerScript, startServerProcess, type ServerProcess } from '../helpers/server-process';

const PASSWORD = 'password-123';
const ADMIN = 'admin@backup.test';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gcbo-backup-test-'));
const running: ServerProcess[] = [];
afterAll(async () => {
  for (const p of running) await p.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

// The embedded database's backup: runs in the PGlite pass (the server processes use their own PGlite either way).
describe.runIf(process.env.TEST_DB !== 'postgres')('npm run backup / npm run restore (embedded database)', () => {
  it('snapshots a running server (cards, photos, payments) into one file and restores it into an empty data directory', async () => {
    const live = path.join(tmp, 'live');
    const server = await startServerProcess({ DATA_DIR: live, DATABASE_URL: '', ADMIN_EMAIL: ADMIN, ADMIN_PASSWORD: PASSWORD });
    running.push(server);
    const base = server.base;
    const login = async (b: string, email: string) =>
      (await api(b, 'POST', 'login', undefined, { email, password: PASSWORD })).body.token as string;
    const admin = await login(base, ADMIN);
    expect(
      (await api(base, 'POST', 'users', admin, { name: 'Seller', email: 'seller@backup.test', role: 'seller', password: PASSWORD })).status,
    ).toBe(200);
    const seller = await login(base, 'seller@backup.test');
    expect((await api(base, 'POST', 'gift-card-offer', admin, rangeOffer())).status).toBe(200);
    const offerId = (await api(base, 'GET', 'all-gift-card-offer', admin)).body[0].id as number;
    const photos = [[png(), JPEG], [WEBP]];
    const cards: number[] = [];
    for (const images of photos) {
      const r = await api(base, 'POST', 'gift-card', seller, form({ giftcard_offer_id: offerId, price: 50 }, gallery(...images)));
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      cards.push((await api(base, 'GET', 'my-giftcard?page=1', seller)).body.data.data[0].id);
    }
    const approve = await api(base, 'POST', `gift-card-update/${cards[0]}`, admin, {
      giftcard_offer_id: offerId,
      price: 50,
      card_status: 1,
    });
    expect(approve.status, JSON.stringify(approve.body)).toBe(200);
    const paid = await api(base, 'POST', 'transaction', admin, { code: 'BACKUP-1', transaction_amount: 10, gidcard_id: cards[0] });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);

    const state = async (b: string, token: string) => ({
      cards: await Promise.all(cards.map(async (id) => (await api(b, 'GET', `gift-card/${id}`, token)).body.data)),
      due: (await api(b, 'GET', 'seller-due', token)).body,
      payouts: (await api(b, 'GET', 'my-transaction?page=1', token)).body.data,
    });
    const before = await state(base, seller);
    expect(before.payouts.data).toHaveLength(1);

    // While the server runs: it writes the snapshot itself.
    const file = path.join(tmp, 'office.backup');
    const backup = runServerScript('backup', [file], { DATA_DIR: live, DATABASE_URL: '' });
    expect(backup.status, backup.stderr + backup.stdout).toBe(0);
    expect(backup.stdout).toContain('The running server wrote the snapshot.');
    // Changes after the snapshot are not in it.
    expect((await api(base, 'DELETE', `gift-card/${cards[1]}`, seller)).status).toBe(200);
    await server.stop();

    // Only into an empty data directory.
    const refused = runServerScript('restore', [file], { DATA_DIR: live });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('not empty');
    const restoredDir = path.join(tmp, 'restored');
    const restore = runServerScript('restore', [file], { DATA_DIR: restoredDir });
    expect(restore.status, restore.stderr + restore.stdout).toBe(0);

    const restored = await startServerProcess({ DATA_DIR: restoredDir, DATABASE_URL: '' });
    running.push(restored);
    const sellerAgain = await login(restored.base, 'seller@backup.test');
    expect(await state(restored.base, sellerAgain)).toEqual(before);
    for (const [i, id] of cards.entries()) {
      const images = (await api(restored.base, 'GET', `gift-card/${id}`, sellerAgain)).body.images as { url: string }[];
      expect(images).toHaveLength(photos[i].length);
      for (const [k, img] of images.entries()) expect((await fetchPhoto(restored.base, img.url)).bytes.equals(photos[i][k])).toBe(true);
    }
  }, 240_000);
});

// PostgreSQL is backed up with its own tools (README): the same round trip with pg_dump / pg_restore, photos included
// (IMAGE_STORE=db keeps them in the dump).
describe.runIf(process.env.TEST_DB === 'postgres')('pg_dump / pg_restore (PostgreSQL)', () => {
  it('round-trips cards, photos and payments', async () => {
    const source = await freshDatabase();
    const target = await freshDatabase();
    const apps: Awaited<ReturnType<typeof buildApp>>[] = [];
    try {
      const passwordHash = await hashPassword(PASSWORD);
      await insertUser(source.database.db, { name: 'Admin', email: ADMIN, role: 'admin', passwordHash, rate: null });
      await insertUser(source.database.db, { name: 'Seller', email: 'seller@backup.test', role: 'seller', passwordHash, rate: null });
      const appOn = async (database: typeof source.database) => {
        const app = await buildApp({ config: testConfig({ DATA_DIR: fs.mkdtempSync(path.join(tmp, 'pg-')) }), database });
        apps.push(app);
        const call = async (method: string, url: string, token?: string, payload?: unknown) => {
          const res = await app.inject({
            method: method as 'GET',
            url: `/api/${url}`,
            headers: token ? { authorization: `Bearer ${token}` } : {},
            ...(payload !== undefined ? { payload: payload as object } : {}),
          });
          return { status: res.statusCode, body: res.json() };
        };
        return {
          app,
          call,
          login: async (email: string) => (await call('POST', 'login', undefined, { email, password: PASSWORD })).body.token as string,
        };
      };
      const a = await appOn(source.database);
      expect(a.app.services.images.kind).toBe('db');
      const admin = await a.login(ADMIN);
      const seller = await a.login('seller@backup.test');
      expect((await a.call('POST', 'gift-card-offer', admin, rangeOffer())).status).toBe(200);
      const offerId = (await a.call('GET', 'all-gift-card-offer', admin)).body[0].id as number;
      const sent = [png(), JPEG];
      expect((await a.call('POST', 'gift-card', seller, form({ giftcard_offer_id: offerId, price: 50 }, gallery(...sent)))).status).toBe(
        200,
      );
      const cardId = (await a.call('GET', 'my-giftcard?page=1', seller)).body.data.data[0].id as number;
      expect(
        (await a.call('POST', `gift-card-update/${cardId}`, admin, { giftcard_offer_id: offerId, price: 50, card_status: 1 })).status,
      ).toBe(200);
      expect((await a.call('POST', 'transaction', admin, { code: 'PG-BACKUP-1', transaction_amount: 10, gidcard_id: cardId })).status).toBe(
        200,
      );
      const state = async (x: typeof a, token: string) => ({
        card: (await x.call('GET', `gift-card/${cardId}`, token)).body.data,
        due: (await x.call('GET', 'seller-due', token)).body,
        payouts: (await x.call('GET', 'my-transaction?page=1', token)).body.data,
      });
      const before = await state(a, seller);

      const file = path.join(tmp, 'pg.dump');
      const dump = spawnSync('pg_dump', ['--format=custom', `--file=${file}`, source.url!], { encoding: 'utf8' });
      expect(dump.status, dump.stderr).toBe(0);
      await target.database.query(sql`DROP SCHEMA public CASCADE`);
      await target.database.query(sql`CREATE SCHEMA public`);
      const restore = spawnSync('pg_restore', ['--no-owner', `--dbname=${target.url!}`, file], { encoding: 'utf8' });
      expect(restore.status, restore.stderr).toBe(0);

      const reopened = await openDatabase({ databaseUrl: target.url!, dataDir: ':memory:', reportTz: 'UTC' });
      try {
        const b = await appOn(reopened);
        const sellerAgain = await b.login('seller@backup.test');
        expect(await state(b, sellerAgain)).toEqual(before);
        const images = (await b.call('GET', `gift-card/${cardId}`, sellerAgain)).body.images as { url: string }[];
        expect(images).toHaveLength(sent.length);
        for (const [k, img] of images.entries())
          expect((await b.app.inject({ method: 'GET', url: img.url })).rawPayload.equals(sent[k])).toBe(true);
      } finally {
        await reopened.close();
      }
    } finally {
      for (const app of apps) await app.close();
      await source.drop();
      await target.drop();
    }
  }, 120_000);
});
