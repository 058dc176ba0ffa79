import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { LIMITS } from '../../../shared/limits';

/** A photo URL is good for 10 to 15 minutes: expiries are rounded up to 5 minutes, so a page's URLs stay stable. */
const IMAGE_URL_TTL_SECONDS = LIMITS.images.urlTtlSeconds.value;
const ROUND_SECONDS = LIMITS.images.urlRoundSeconds.value;
/** No URL this server makes expires further ahead than this; one that says it does was not made here. */
const MAX_AHEAD_SECONDS = IMAGE_URL_TTL_SECONDS + ROUND_SECONDS;
/** An HMAC-SHA256 in base64url without padding: exactly 43 characters, the last one of 16. */
const SIG_RE = /^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/;

export interface ImageSigner {
  /** `/storage/images/<name>?u=<user>&exp=<unix seconds>&sig=<HMAC>`: what the API answers as an image's url. */
  url(name: string, userId: number): string;
  /** True when the query signs this image for an unexpired moment. */
  verify(name: string, query: Record<string, unknown>): boolean;
}

/**
 * Card photos carry card numbers and PINs: they are served only through short-lived URLs signed (HMAC-SHA256)
 * for the image and the user who was allowed to see it when the API answered.
 */
export function createImageSigner(key: Buffer, now: () => number = Date.now): ImageSigner {
  const mac = (name: string, user: string, exp: string) => createHmac('sha256', key).update(`${name}\n${user}\n${exp}`).digest();
  return {
    url(name, userId) {
      const exp = Math.ceil((now() / 1000 + IMAGE_URL_TTL_SECONDS) / ROUND_SECONDS) * ROUND_SECONDS;
      return `/storage/images/${name}?u=${userId}&exp=${exp}&sig=${mac(name, String(userId), String(exp)).toString('base64url')}`;
    },
    verify(name, query) {
      const { u, exp, sig } = query;
      if (typeof u !== 'string' || typeof exp !== 'string' || typeof sig !== 'string') return false;
      if (!/^\d{1,10}$/.test(u) || !/^\d{1,12}$/.test(exp) || !SIG_RE.test(sig)) return false;
      const seconds = Number(exp) - now() / 1000;
      if (seconds < 0 || seconds > MAX_AHEAD_SECONDS) return false;
      // Only the one spelling the server writes: Buffer.from would ignore junk after it (`sig=<valid>!`).
      const given = Buffer.from(sig, 'base64url');
      const expected = mac(name, u, exp);
      return given.length === expected.length && given.toString('base64url') === sig && timingSafeEqual(given, expected);
    },
  };
}

/** The signing key every server instance shares: made once, kept in app_settings (the first instance's wins). */
export async function loadImageUrlKey(database: Database): Promise<Buffer> {
  await database.query(
    sql`INSERT INTO app_settings (key, value) VALUES ('image_url_key', ${randomBytes(32).toString('hex')}) ON CONFLICT (key) DO NOTHING`,
  );
  const [row] = await database.query<{ value: string }>(sql`SELECT value FROM app_settings WHERE key = 'image_url_key'`);
  return Buffer.from(row.value, 'hex');
}
