import type { ArgsOf, OperationName } from '../../../shared/endpoints';
import { VERSIONED_READS, VERSIONED_WRITES, writeTarget } from '../../../shared/versioned';

/**
 * The version (ETag) of each record as this window last read it: every edit, decision and card payment sends it as
 * If-Match, so a record that changed since is refused (412) instead of acting on what the user did not see.
 */
const seen = new Map<string, string>();

/** Remembers the version a read answered. */
export function rememberVersion(op: OperationName, args: { id?: number }, etag: string | undefined): void {
  const record = VERSIONED_READS[op];
  if (record && etag && args.id !== undefined) seen.set(`${record}:${args.id}`, etag);
}

/** The write's arguments with If-Match, when its record was read here. */
export function withIfMatch<K extends OperationName>(op: K, args: ArgsOf<K>): ArgsOf<K> {
  const record = VERSIONED_WRITES[op];
  const a = args as { id?: number; body?: unknown; ifMatch?: string };
  if (!record || a.ifMatch) return args;
  const target = writeTarget(op, a.id, a.body);
  const version = target === null ? undefined : seen.get(`${record}:${target}`);
  return version ? { ...args, ifMatch: version } : args;
}

/** After this window's own write the version it held is stale: the next write waits for a fresh read to send one. */
export function forgetVersion<K extends OperationName>(op: K, args: ArgsOf<K>): void {
  const record = VERSIONED_WRITES[op];
  const a = args as { id?: number; body?: unknown };
  const target = record ? writeTarget(op, a.id, a.body) : null;
  if (record && target !== null) seen.delete(`${record}:${target}`);
}

/** The read that shows the record a refused (412) write named: reloaded so the user sees what changed. */
export function readOfStale(op: OperationName): OperationName | undefined {
  const record = VERSIONED_WRITES[op];
  return (Object.keys(VERSIONED_READS) as OperationName[]).find((r) => VERSIONED_READS[r] === record);
}
