import { createHash, randomBytes } from 'node:crypto';

/** A session token: 256 random bits, base64url. Only its SHA-256 is stored. */
export const newToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The Bearer token of an Authorization header, if well-formed. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(header.trim());
  return m ? m[1] : null;
}
