import type { FastifyReply } from 'fastify';
import type { Database } from '../../db/client';
import { isStaff } from '../../../shared/constants';
import { liveEventSchema, STREAM_CONTROL, type EventsPoll, type LiveEvent } from '../../../shared/events';
import type { AuthService, AuthUser } from '../auth/service';
import { HttpError } from '../../http/errors';
import * as repo from './repository';
import { startRelay } from './relay';
import { LIMITS } from '../../../shared/limits';

export interface EventOptions {
  /** A comment line on every open stream this often (keeps proxies from closing it); the token is re-checked then too. */
  heartbeatMs: number;
  /** Events are kept this long, and at most this many, for Last-Event-ID replays. */
  retentionHours: number;
  keepRows: number;
  pruneEveryMs: number;
  /** How often the relaying instance looks for new event rows to notify. */
  relayEveryMs: number;
}
export const EVENT_DEFAULTS: EventOptions = {
  heartbeatMs: LIMITS.events.heartbeatMs.value,
  retentionHours: LIMITS.events.retentionHours.value,
  keepRows: LIMITS.events.keepRows.value,
  pruneEveryMs: LIMITS.events.pruneEveryMs.value,
  relayEveryMs: LIMITS.events.relayEveryMs.value,
};
/** Ids recently dispatched, so that an event relayed twice (a relayer taking over) reaches a stream once. */
const SEEN_IDS = LIMITS.events.seenIds.value;
/** A replay longer than this tells the client to refetch everything instead. */
const REPLAY_LIMIT = LIMITS.events.replayRows.value;
/**
 * Open streams allowed per user and in this server process (more are a 429). A stream holds no database connection
 * (the process has one LISTEN for all of them) but memory, a timer and a token check per heartbeat.
 */
export const STREAM_LIMITS: { perUser: number; total: number } = {
  perUser: LIMITS.events.streamsPerUser.value,
  total: LIMITS.events.streamsTotal.value,
};
/** A client that reads too slowly is dropped (it reconnects with Last-Event-ID) rather than buffered without end. */
const MAX_BUFFERED = LIMITS.events.bufferedBytes.value;

/**
 * The events of migration 0011 (written by triggers in the changes' own transactions, sent with pg_notify) fanned
 * out to this instance's open streams. The LISTEN starts with the first stream; a dropped LISTEN connection is
 * caught up from the table when it is back.
 */
export function createEventService(database: Database, auth: AuthService, options: Partial<EventOptions> = {}) {
  const opts = { ...EVENT_DEFAULTS, ...options };
  const { db } = database;
  const subscribers = new Set<(e: LiveEvent) => void>();
  /** Called with a user id whose token was revoked, or null when revocations may have been missed. */
  const sessionWatchers = new Set<(userId: number | null) => void>();
  const streams = new Set<() => void>();
  const perUser = new Map<number, number>();
  let reserved = 0;
  /** Reserves a stream for `userId` before any await (so that simultaneous opens are counted), or refuses with a 429. */
  function takeStreamSlot(userId: number): () => void {
    const mine = perUser.get(userId) ?? 0;
    if (mine >= STREAM_LIMITS.perUser)
      throw new HttpError(429, {
        message: `At most ${STREAM_LIMITS.perUser} live update streams per user are open at once. Close another window or tab and try again.`,
      });
    if (reserved >= STREAM_LIMITS.total)
      throw new HttpError(429, { message: 'The server has too many live update streams open. Please try again in a minute.' });
    perUser.set(userId, mine + 1);
    reserved += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      reserved -= 1;
      const left = (perUser.get(userId) ?? 1) - 1;
      if (left > 0) perUser.set(userId, left);
      else perUser.delete(userId);
    };
  }
  let lastSeen = 0;
  let started: Promise<void> | null = null;
  let stopListening: (() => Promise<void>)[] = [];
  const seen = new Set<number>();

  const dispatch = (e: LiveEvent) => {
    if (seen.has(e.id)) return;
    seen.add(e.id);
    if (seen.size > SEEN_IDS) seen.delete(seen.values().next().value!);
    if (e.id > lastSeen) lastSeen = e.id;
    for (const fn of subscribers) fn(e);
  };
  const catchUp = async () => {
    for (const e of await repo.eventsAfter(db, lastSeen, null, REPLAY_LIMIT)) dispatch(e);
  };

  function start(): Promise<void> {
    started ??= (async () => {
      lastSeen = (await repo.eventBounds(db)).newest;
      stopListening.push(
        // One LISTEN connection for both channels and every stream of this process.
        await database.listen(
          {
            gcbo_events: (payload) => {
              const parsed = liveEventSchema.safeParse(JSON.parse(payload));
              if (parsed.success) dispatch(parsed.data);
            },
            gcbo_sessions: (payload) => sessionWatchers.forEach((fn) => fn(Number(payload))),
          },
          () => {
            void catchUp().catch(() => {});
            sessionWatchers.forEach((fn) => fn(null));
          },
        ),
        startRelay(database, { everyMs: opts.relayEveryMs }),
      );
    })().catch(async (err) => {
      started = null;
      await Promise.all(stopListening.map((stop) => stop().catch(() => {})));
      stopListening = [];
      throw err;
    });
    return started;
  }

  const scopeOf = (user: AuthUser) => (isStaff(user.role) ? null : user.id);
  /** An event as `scope` gets it: a seller gets no staff ids (comment.added's author). */
  const seenBy = (scope: number | null, e: LiveEvent): LiveEvent => {
    if (scope === null || !('user_id' in e.data)) return e;
    const { user_id: _staff, ...data } = e.data;
    return { ...e, data };
  };

  return {
    /** The events after `after` (at most REPLAY_LIMIT); without `after`, none and the newest id to start from. */
    async poll(user: AuthUser, after: number | undefined): Promise<EventsPoll> {
      if (after === undefined) return { events: [], last_id: (await repo.eventBounds(db)).newest };
      const scope = scopeOf(user);
      const events = await repo.eventsAfter(db, after, scope, REPLAY_LIMIT);
      return { events: events.map((e) => seenBy(scope, e)), last_id: events.at(-1)?.id ?? after };
    },

    /** Answers with a Server-Sent Events stream until the client leaves, its token is revoked or the server closes. */
    async stream(user: AuthUser, token: string, after: number | undefined, reply: FastifyReply) {
      const release = takeStreamSlot(user.id);
      try {
        await start();
      } catch (err) {
        release();
        throw err;
      }
      const scope = scopeOf(user);
      reply.hijack();
      const res = reply.raw;
      // The client left while the listener was starting: its 'close' has been and gone.
      if (res.destroyed || !res.socket || res.socket.destroyed) {
        release();
        return;
      }
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      let closed = false;
      const write = (text: string) => {
        if (closed) return;
        res.write(text);
        if (res.writableLength > MAX_BUFFERED) end();
      };
      // Each event once per stream: a replayed one may also arrive live, the relay running a moment behind commits.
      const sent = new Set<number>();
      const send = (e: LiveEvent) => {
        if (sent.has(e.id)) return;
        sent.add(e.id);
        if (sent.size > SEEN_IDS) sent.delete(sent.values().next().value!);
        write(`id: ${e.id}\ndata: ${JSON.stringify(seenBy(scope, e))}\n\n`);
      };
      let held: LiveEvent[] | null = [];
      const onEvent = (e: LiveEvent) => {
        if (scope !== null && e.seller_id !== scope) return;
        if (held) held.push(e);
        else send(e);
      };
      const check = async () => {
        const now = await auth.authenticate(token).catch(() => undefined);
        // undefined: the database did not answer; the stream stays and the next heartbeat asks again.
        if (now === null || (now && (now.id !== user.id || now.role !== user.role))) end('signed out');
      };
      const onSession = (userId: number | null) => {
        if (userId === null || userId === user.id) void check();
      };
      const heartbeat = setInterval(() => {
        write(': ping\n\n');
        void check();
      }, opts.heartbeatMs);
      function end(reason?: string) {
        if (closed) return;
        if (reason) res.write(`event: ${STREAM_CONTROL.end}\ndata: ${JSON.stringify({ reason })}\n\n`);
        closed = true;
        clearInterval(heartbeat);
        subscribers.delete(onEvent);
        sessionWatchers.delete(onSession);
        streams.delete(end);
        release();
        res.end();
      }
      subscribers.add(onEvent);
      sessionWatchers.add(onSession);
      streams.add(end);
      res.on('close', () => end());
      write(`retry: ${LIMITS.events.sseRetryMs.value}\n\n`);
      await check();

      // Replay what was missed, then the events that arrived meanwhile (held), each once.
      if (after !== undefined && !closed) {
        try {
          const { oldest } = await repo.eventBounds(db);
          const missed = await repo.eventsAfter(db, after, scope, REPLAY_LIMIT);
          if ((oldest > after + 1 && after > 0) || missed.length === REPLAY_LIMIT) write(`event: ${STREAM_CONTROL.resync}\ndata: {}\n\n`);
          else
            for (const e of missed) {
              send(e);
            }
        } catch {
          write(`event: ${STREAM_CONTROL.resync}\ndata: {}\n\n`);
        }
      }
      for (const e of held) send(e);
      held = null;
    },

    /** Ends every open stream (the server is closing) and stops listening. */
    async stop() {
      for (const end of [...streams]) end();
      await Promise.all(stopListening.map((stop) => stop().catch(() => {})));
      stopListening = [];
      started = null;
    },

    /** Drops events past the retention (the scheduler's 'events-prune' task, every `pruneEveryMs`). */
    pruneEvents: () => repo.pruneEvents(db, opts.retentionHours, opts.keepRows),
    pruneEveryMs: opts.pruneEveryMs,

    /** Streams open (or opening) in this process. */
    openStreams: () => reserved,

    endStreams() {
      for (const end of [...streams]) end();
    },
  };
}
export type EventService = ReturnType<typeof createEventService>;
