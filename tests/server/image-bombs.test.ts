import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { form, gallery, png, rangeOffer } from '../helpers/cards';
import { freshDatabase, testDbKind } from '../helpers/db';
import { zeroPng } from '../helpers/bomb-png';
import { apiCall as api, startServerProcess, type ServerProcess } from '../helpers/server-process';
import { MSG } from '../../src/shared/messages';

// Issue 49: decompression bombs (small on the wire, huge decoded) against a real server process, whose memory is read
// from /proc: refused by their decoded size before anything is decoded, while other users are answered at once.
const PASSWORD = 'password-123';
const ADMIN = 'admin@bombs.test';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gcbo-bombs-test-'));
let server: ServerProcess | undefined;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  await server?.stop();
  for (const c of cleanups) await c();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const MB = 1024 * 1024;
/** A figure of /proc/<pid>/status in bytes (VmRSS: resident now; VmHWM: the most it has been). */
const memory = (pid: number, field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;
/** From here VmHWM counts from the process's resident size now (Linux: clear_refs 5). */
const resetPeak = (pid: number) => fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');

describe.runIf(process.platform === 'linux')(`decompression bombs (${testDbKind()})`, () => {
  it('ten 6300x6300 16-bit PNGs from two sellers at once are refused unread; memory stays flat and logins answer within 1 s', async () => {
    let env: Record<string, string> = { DATA_DIR: path.join(tmp, 'data'), DATABASE_URL: '' };
    if (testDbKind() === 'postgres') {
      const fresh = await freshDatabase();
      cleanups.push(fresh.drop);
      env = { ...env, DATABASE_URL: fresh.url as string };
    }
    server = await startServerProcess({ ...env, ADMIN_EMAIL: ADMIN, ADMIN_PASSWORD: PASSWORD });
    const { base } = server;
    const pid = server.child.pid!;
    const login = async (email: string) =>
      (await api(base, 'POST', 'login', undefined, { email, password: PASSWORD })).body.token as string;
    const admin = await login(ADMIN);
    const sellers: string[] = [];
    for (const name of ['a', 'b', 'c']) {
      const email = `${name}@bombs.test`;
      expect((await api(base, 'POST', 'users', admin, { name, email, role: 'seller', password: PASSWORD })).status).toBe(200);
      sellers.push(await login(email));
    }
    expect((await api(base, 'POST', 'gift-card-offer', admin, rangeOffer())).status).toBe(200);
    const offer = (await api(base, 'GET', 'all-gift-card-offer', admin)).body[0].id as number;
    // Warm: a real card, so the decoder and the photo store are loaded before memory is measured.
    expect((await api(base, 'POST', 'gift-card', sellers[2], form({ giftcard_offer_id: offer, price: 20 }, gallery(png())))).status).toBe(
      200,
    );

    const bombs = [await zeroPng(6300, 6300), await zeroPng(6300, 6300, { interlaced: false })];
    const upload = (token: string, bomb: Buffer) =>
      fetch(`${base}/api/gift-card`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form({ giftcard_offer_id: offer, price: 20 }, gallery(...Array.from({ length: 10 }, () => bomb))),
        signal: AbortSignal.timeout(20_000),
      }).then(
        async (r) => ({ status: r.status, body: (await r.json()) as { errorMsg?: string } }),
        () => ({ status: 0, body: {} as { errorMsg?: string } }),
      );

    resetPeak(pid);
    const before = memory(pid, 'VmRSS');
    let done = false;
    const sent = Promise.all([upload(sellers[0]!, bombs[0]!), upload(sellers[1]!, bombs[1]!)]).finally(() => (done = true));
    // Another seller signs in again and again while the bombs are in.
    const logins: number[] = [];
    while (!done || logins.length < 3) {
      const t = performance.now();
      const r = await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'c@bombs.test', password: PASSWORD }),
        signal: AbortSignal.timeout(20_000),
      });
      expect(r.status).toBe(200);
      logins.push(performance.now() - t);
    }
    const answers = await sent;
    const grew = memory(pid, 'VmHWM') - before;
    console.log(
      `bombs: answers ${answers.map((a) => a.status)}, peak growth ${Math.round(grew / MB)} MB, logins ${logins.map(Math.round)} ms`,
    );
    for (const a of answers) {
      expect(a.status).toBe(422);
      expect(a.body.errorMsg).toBe(MSG.imageTooLarge);
    }
    expect(grew).toBeLessThan(300 * MB);
    expect(Math.max(...logins)).toBeLessThan(1000);
    for (const token of sellers.slice(0, 2)) expect((await api(base, 'GET', 'my-giftcard?page=1', token)).body.data.total).toBe(0);
  });
});
