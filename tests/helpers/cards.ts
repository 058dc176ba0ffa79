import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { solidPng } from '../../src/server/modules/images/png';
import type { TestServer, TestUser } from './server';

/** Real 16x16 images (JPEG, WebP, GIF) as small fixtures. */
export const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEAAQABAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/2wBDAQMDAwQDBAgEBAgQCwkLEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBD/wAARCAAQABADASIAAhEBAxEB/8QAFgABAQEAAAAAAAAAAAAAAAAABwQF/8QAJBAAAQQBBAICAwAAAAAAAAAAAQIDBAYFBwgSExEiABQJMTL/xAAVAQEBAAAAAAAAAAAAAAAAAAAABv/EACMRAAECBQMFAAAAAAAAAAAAAAECEQMEBQYhABIxFRZhgeH/2gAMAwEAAhEDEQA/ABSm0mobc8HmExLUlRzzEWPkJWW+ulrsaUVAseUgslSlH9LKuPryIKuWPZdskzXmm3fX5m2nF4GlVxx/HOpx4ks51+MiU/Iaad7UcUo4tILoS4kqcWkezS0hO/HvuRp0rO6hWnWO1UisZVuFi4GFeyEpmGepa5S5SWVPuciFKRFLgSrwetnyPIB+Vb4N9mKhQMzo5po9XLdDs9d6ZVix2VEhiL9kuNPxw2gEKcDQ/rs8AuA8VAe0vdl7VOYn+27flGAUgmITjbhSmCg3BYlyeWDkMolvw4KOp1KM6iCNvngZHwetf//Z',
  'base64',
);
export const WEBP = Buffer.from(
  'UklGRqgBAABXRUJQVlA4WAoAAAAQAAAADwAADwAAQUxQSMMAAAABJ6KokSTleucYX+ffKpmImP90cY3gJjDi4Yt3MsjBEVyDKzDosHgVjnhRNcEIDAJPkqBqsFUZHNa2bUYvTsZ2PLbtd/uvKa4hov9J0f2PkPe6REkkGzolkTTzFG0Ox9PlFiD0CxS+kOGDtxoynjaCfx0pfk52CPuInrOR75lzRugygtv4zEiy90UwfSD9NheMITJWLaXWayO8XeOlWRXVnIGk2W6WdYoYMQ+KqixQNPowgt+6a1BSKbUtz+lUFAoBAAAAVlA4IL4AAACQAgCdASoQABAAAwA0JbACdDBPCIUMfAMdCCz96AD+/XSg/QKbH4r3Q3ycN/bSDK/T/zVo4u6nvclvG/SqxWOuup+XhN9BojvaW+Tv+MvxvX/hr/o/5Qns9LtmX/+qKdl/yWznhuasl7nkxvSTI4xf3Y85VSB/lU/8Ofj/b9JrA+ifvIOYZm2x1RP/dhfmsf5diuSfR7+z+r/+HR3zEo/+XM/B+vkYw73Pzx+ROaAB/ZoBSzEs3rzZe6qsAAAA',
  'base64',
);
export const GIF = Buffer.from(
  'R0lGODlhEAAQAPU/AOu7GOu+IfPBGvrHGf3LG//MHOvCKv/PI//PJP/QJf/TLevFNOjHPf/TMP/UMP3VNvrTOf/XOfnVPv/YOuzORf/aQf/bRP/eS//fTv/iVf/jWP/nYvLhbvXjb/3pav/rbDJghzZmkDZnkTZpkzdoljdqljlsljpvmzpwnDtwnDxxnj1zoj50oj92pUB4pkJ7qkN8q0N9rUV/r0aAsUeBskiDtEiFtkqGukyJvEyKvEyKv0+NwVCPw1KRxv///wAAACH/C0ltYWdlTWFnaWNrB2dhbW1hPTAAIfkEBQAAPwAsAAAAABAAEAAABpvAn/C3u81iLRVpyBTmfLMXC1VqMm1RVqo0sv50thjLFDKVqszeDleTuVSn0fmXuUh+PB1N9oKP/iA/FxUPXzY0UipnIoEUhAo/hzAuXU0VEQoHP0cuIj8cHhsZGBUTCggEPzFSPx0fGxoYFhENCAUCQispP6+xpacFBVawGAwLBgEAAF6xsw0Jwl4/shEOCT6p0j8QzwUD2uBDQQA7',
  'base64',
);

let shade = 0;
/** A distinct small PNG each call. */
export const png = () => solidPng(4, 3, [shade++ % 256, 80, 160]);

export interface Upload {
  field: string;
  data: Buffer;
  name?: string;
  type?: string;
}

/** A multipart body: text fields plus files (gallery[i], comment_image, ...). */
export function form(fields: Record<string, string | number>, files: Upload[] = []): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, String(v));
  for (const f of files) fd.append(f.field, new Blob([new Uint8Array(f.data)], { type: f.type ?? 'image/png' }), f.name ?? 'photo.png');
  return fd;
}
export const gallery = (...images: Buffer[]): Upload[] => images.map((data, i) => ({ field: `gallery[${i}]`, data }));

export const imagesDir = (s: TestServer) => path.join(s.config.DATA_DIR, 'images');
/** Names of every stored photo, in whichever store the server uses (files in DATA_DIR, or image_blobs rows). */
export async function storedNames(s: TestServer): Promise<string[]> {
  if (s.app.services.images.kind === 'db')
    return (await s.database.query<{ name: string }>(sql`SELECT name FROM image_blobs ORDER BY name`)).map((r) => r.name);
  return fs.existsSync(imagesDir(s)) ? fs.readdirSync(imagesDir(s)).sort() : [];
}

/** A stored photo's bytes (read through the store, as serving does), or null. */
export async function storedBytes(s: TestServer, name: string): Promise<Buffer | null> {
  const stored = await s.app.services.images.open(name);
  if (!stored) return null;
  const parts: Buffer[] = [];
  for await (const part of stored.stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

export async function countRows(
  s: TestServer,
  table: 'gift_cards' | 'gift_card_images' | 'gift_card_comments' | 'gift_card_offers' | 'audit_log',
): Promise<number> {
  const rows = await s.database.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`);
  return Number(rows[0].n);
}

export const rangeOffer = (o: Record<string, unknown> = {}) => ({
  title: 'Range offer',
  is_active: 1,
  price_type: 0,
  min_price: 10,
  max_price: 100,
  rate_type: 0,
  rate: 12.5,
  ...o,
});
export const fixedOffer = (o: Record<string, unknown> = {}) => ({
  title: 'Fixed offer',
  is_active: 1,
  price_type: 1,
  fixed_price: '[25,50,100]',
  rate_type: 1,
  rate: 3,
  ...o,
});

/** Creates an offer through the API and returns its id. */
export async function createOffer(s: TestServer, body: Record<string, unknown>): Promise<number> {
  const r = await s.call('POST', 'gift-card-offer', { token: s.users.admin.token, body });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const all = await s.call('GET', 'all-gift-card-offer', { token: s.users.admin.token });
  return all.body[0].id;
}

/** A seller submits a card (multipart, one PNG unless images given) and gets its id back. */
export async function submitCard(
  s: TestServer,
  seller: TestUser,
  fields: Record<string, string | number>,
  images: Buffer[] = [png()],
): Promise<number> {
  const r = await s.call('POST', 'gift-card', { token: seller.token, body: form(fields, gallery(...images)) });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const mine = await s.call('GET', 'my-giftcard?page=1', { token: seller.token });
  return mine.body.data.data[0].id;
}

/** A card of `seller` at `price` under `offer`, approved by `by` (under FOUR_EYES, whoever approved a card may not pay it). */
export async function approvedCardOf(
  s: TestServer,
  seller: TestUser,
  offer: number,
  price: number,
  by: TestUser,
  cardNumber?: string,
): Promise<number> {
  const id = await submitCard(s, seller, {
    giftcard_offer_id: offer,
    price: String(price),
    ...(cardNumber ? { card_number: cardNumber } : {}),
  });
  const r = await staffUpdate(s, id, { giftcard_offer_id: offer, price: String(price), card_status: 1 }, by.token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return id;
}

/** Staff edits a card (JSON body). */
export const staffUpdate = (s: TestServer, id: number, body: Record<string, unknown>, token = s.users.admin.token) =>
  s.call('POST', `gift-card-update/${id}`, { token, body });
