import { sql, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Tx } from '../db/client';
import { firstRow } from '../db/rows';
import type { OperationName } from '../../shared/endpoints';
import { staleRecordMessage, type VersionedRecord } from '../../shared/messages';
import { HttpError } from './errors';
import { VERSIONED_READS, VERSIONED_WRITES, writeTarget } from '../../shared/versioned';

/**
 * Stale decisions are refused (issue 29): a record's version is the hash of its whole row, so any change to it,
 * whichever call made it, is a new version. GET answers it as an ETag; a write sent with If-Match is refused with
 * 412 when the record changed since (without If-Match every call behaves as before).
 */
const VERSION: Record<VersionedRecord, (id: number) => SQL> = {
  card: (id) => sql`SELECT md5(t::text) AS v FROM gift_cards t WHERE t.id = ${id}`,
  payout: (id) => sql`SELECT md5(t::text) AS v FROM transactions t WHERE t.id = ${id}`,
  offer: (id) => sql`SELECT md5(t::text) AS v FROM gift_card_offers t WHERE t.id = ${id}`,
  user: (id) => sql`SELECT md5(t::text) AS v FROM users t WHERE t.id = ${id} AND t.deleted_at IS NULL`,
};

const quoted = (v: string) => `"${v}"`;

async function versionOf(db: Tx, record: VersionedRecord, id: number): Promise<string | null> {
  const row = await firstRow<{ v: string }>(db, VERSION[record](id));
  return row ? quoted(row.v) : null;
}

/** Before a write: refuses it with 412 when If-Match names another version of its record. */
export async function checkIfMatch(db: () => Tx, op: OperationName, request: FastifyRequest, id: number, body: unknown): Promise<void> {
  const header = request.headers['if-match'];
  const record = VERSIONED_WRITES[op];
  if (!record || typeof header !== 'string' || header.trim() === '' || header.trim() === '*') return;
  const target = writeTarget(op, id || undefined, body);
  if (target === null) return;
  const now = await versionOf(db(), record, target);
  if (now === null) return; // gone: the handler answers its own 404
  const sent = header.split(',').map((t) => t.trim().replace(/^W\//, ''));
  if (!sent.includes(now)) {
    const text = staleRecordMessage(record);
    throw new HttpError(412, { message: text, errorMsg: text });
  }
}

/** After a read: its record's version as the ETag header. */
export async function setETag(db: () => Tx, op: OperationName, reply: FastifyReply, id: number): Promise<void> {
  const record = VERSIONED_READS[op];
  if (!record) return;
  const v = await versionOf(db(), record, id);
  if (v) void reply.header('etag', v);
}
