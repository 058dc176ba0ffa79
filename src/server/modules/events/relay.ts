import type { Database, DbSession } from '../../db/client';
import { LIMITS } from '../../../shared/limits';
import { toEvent } from './repository';

const RELAY_LOCK = 727011; // any constant: the advisory lock of the one relaying instance
/** How long an event row may commit after a higher id was relayed and still be relayed (ids are taken at insert). */
const LATE_COMMIT_MS = LIMITS.events.lateCommitMs.value;

/**
 * Sends the new rows of `events` with pg_notify on 'gcbo_events', from one instance at a time: each instance with
 * open streams tries to take the advisory lock on a connection of its own; the holder polls every `everyMs` and
 * notifies in one statement per batch (the writers never notify: see migration 0011_events_relay, now in 0029_baseline). When the holder
 * stops or its connection drops, the lock is free and another instance takes over. Rows are relayed once each, also
 * one that commits a little after a higher id; listeners drop the rare repeat (a new relayer's first batch) by id.
 */
export function startRelay(database: Database, opts: { everyMs: number; log?: (msg: string) => void }): () => Promise<void> {
  let session: DbSession | null = null;
  let leader = false;
  let stopped = false;
  let floor = -1;
  /** Relayed ids above the floor, with when they were relayed. */
  const relayed = new Map<number, number>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const drop = async () => {
    const s = session;
    session = null;
    leader = false;
    await s?.close().catch(() => {});
  };

  async function tick() {
    if (stopped) return;
    try {
      session ??= await database.session();
      if (!leader) {
        leader = (await session.query('SELECT pg_try_advisory_lock($1) AS ok', [RELAY_LOCK]))[0]?.ok === true;
        if (!leader) return;
        // Taking over: what the last relayer may not have sent yet (its last moments) goes again; listeners dedupe.
        const r = await session.query(
          `SELECT coalesce(max(id), 0) AS id FROM events WHERE created_at < now() - make_interval(secs => $1)`,
          [LATE_COMMIT_MS / 1000],
        );
        floor = Number(r[0].id);
        relayed.clear();
      }
      const rows = await session.query(
        `SELECT id, type, seller_id, card_id, transaction_id, data, created_at AS at FROM events
          WHERE id > $1 AND NOT (id = ANY($2::bigint[])) ORDER BY id LIMIT 500`,
        [floor, `{${[...relayed.keys()].join(',')}}`],
      );
      if (rows.length) {
        const events = rows.map((row) => toEvent(row as unknown as Parameters<typeof toEvent>[0]));
        await session.query(`SELECT pg_notify('gcbo_events', e::text) FROM jsonb_array_elements($1::jsonb) AS e`, [JSON.stringify(events)]);
        const now = Date.now();
        for (const e of events) relayed.set(e.id, now);
      }
      // Below the floor everything was relayed long enough ago that no lower id can still be on its way.
      const settled = Date.now() - LATE_COMMIT_MS;
      for (const [id, at] of relayed) {
        if (at < settled) {
          floor = Math.max(floor, id);
        }
      }
      for (const id of relayed.keys()) if (id <= floor) relayed.delete(id);
    } catch (err) {
      opts.log?.(`event relay: ${(err as Error).message}`);
      await drop();
    }
  }

  const loop = () => {
    if (stopped) return;
    running = tick().finally(() => {
      if (!stopped) timer = setTimeout(loop, opts.everyMs);
    });
  };
  loop();

  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
    if (leader && session) await session.query('SELECT pg_advisory_unlock($1)', [RELAY_LOCK]).catch(() => {});
    await drop();
  };
}
