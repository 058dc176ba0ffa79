import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OperationName } from '../../shared/endpoints';
import { staleRecordMessage, type VersionedRecord } from '../../shared/messages';
import { VERSIONED_READS, VERSIONED_WRITES } from '../../shared/versioned';
import { HttpError } from './errors';

/**
 * Optimistic concurrency (issue 48): a record's version is an integer its writes bump (migration 0026); a read answers
 * it in the body and as the ETag, and a write sent with If-Match is refused with 412 when the version it locked is
 * another. The check runs inside the write's transaction, after the row is locked (checkVersion); without If-Match
 * every call behaves as before.
 */

/** The version If-Match names: undefined when absent or `*`; -1 (no version) when it is not one of ours. */
export function ifMatchVersion(op: OperationName, request: FastifyRequest): number | undefined {
  const header = request.headers['if-match'];
  if (!VERSIONED_WRITES[op] || typeof header !== 'string') return undefined;
  const tag = header.split(',')[0]!.trim().replace(/^W\//, '');
  if (tag === '' || tag === '*') return undefined;
  const m = /^"([1-9]\d{0,9})"$/.exec(tag);
  return m ? Number(m[1]) : -1;
}

/** Inside the write's transaction, with the record locked: 412 when it is not the version the caller saw. */
export function checkVersion(record: VersionedRecord, actual: number, expected: number | undefined): void {
  if (expected === undefined || actual === expected) return;
  const text = staleRecordMessage(record);
  throw new HttpError(412, { message: text, errorMsg: text });
}

/** After a read: the version of the record the answer was built from, as the ETag. */
export function setETag(op: OperationName, reply: FastifyReply, result: unknown): void {
  if (!VERSIONED_READS[op]) return;
  // Every versioned read answers its record as `data`, but the spec's user read, which answers it as `user`.
  const r = result as { data?: { version?: unknown }; user?: { version?: unknown } } | undefined;
  const version = (r?.data ?? r?.user)?.version;
  if (typeof version === 'number') void reply.header('etag', `"${version}"`);
}
