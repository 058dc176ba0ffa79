import { describe, expect, it } from 'vitest';
import { createSseParser, startEventStream, type LiveListener, type SseFrame } from '../../src/shared/event-stream';
import type { LiveEvent } from '../../src/shared/events';
import { EVENT_INVALIDATES, staleAfter } from '../../src/renderer/src/api/live';
import { documentTitle } from '../../src/renderer/src/components/title';

const ev = (id: number, type: LiveEvent['type'] = 'card.submitted', card: number | null = 7): LiveEvent => ({
  id,
  type,
  seller_id: 3,
  card_id: card,
  transaction_id: null,
  data: {},
  at: '2026-11-23T03:00:00Z',
});
const frame = (e: LiveEvent) => `id: ${e.id}\ndata: ${JSON.stringify(e)}\n\n`;

describe('SSE parser', () => {
  it('parses frames split anywhere, CRLF lines, comments, named events and multi-line data', () => {
    const got: SseFrame[] = [];
    const push = createSseParser((f) => got.push(f));
    const text = `retry: 3000\r\n\r\n: ping\n\nid: 5\ndata: {"a":1}\n\nevent: resync\ndata: {}\n\ndata: one\ndata: two\n\n`;
    for (const ch of text) push(ch);
    expect(got).toEqual([
      { event: 'message', id: '5', data: '{"a":1}' },
      { event: 'resync', data: '{}' },
      { event: 'message', data: 'one\ntwo' },
    ]);
  });
});

/** A fake fetch answering each call with the next scripted response (a body of chunks, then closed), recording headers. */
function scriptedFetch(script: ({ status: number; chunks?: string[]; hang?: boolean } | 'fail')[]) {
  const calls: Record<string, string>[] = [];
  const fn = (async (_url: string, init: { headers: Record<string, string>; signal: AbortSignal }) => {
    calls.push(init.headers);
    const step = script.shift() ?? { status: 200, hang: true };
    if (step === 'fail') throw new TypeError('fetch failed');
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        for (const chunk of step.chunks ?? []) c.enqueue(new TextEncoder().encode(chunk));
        if (!step.hang) c.close();
        init.signal.addEventListener('abort', () => c.error(new Error('aborted')));
      },
    });
    return new Response(body, { status: step.status });
  }) as unknown as typeof fetch;
  return { fn, calls };
}

function recorder() {
  const log: string[] = [];
  const events: LiveEvent[] = [];
  const listener: LiveListener = {
    event: (e) => {
      events.push(e);
      log.push(`event ${e.id}`);
    },
    status: (s) => log.push(s),
    resync: () => log.push('resync'),
    signedOut: () => log.push('signedOut'),
  };
  return { log, events, listener };
}
const until = async (cond: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('the event stream client', () => {
  it('sends the Bearer token, reconnects with Last-Event-ID after a drop and says to refetch once back', async () => {
    const f = scriptedFetch([
      { status: 200, chunks: [frame(ev(4)), frame(ev(5)).slice(0, 9), frame(ev(5)).slice(9)] },
      'fail',
      { status: 200, hang: true },
    ]);
    const r = recorder();
    const stop = startEventStream({ url: 'http://x/api/events', token: () => 'tok', fetch: f.fn, listener: r.listener, maxDelayMs: 20 });
    await until(() => f.calls.length === 3 && r.log.includes('resync'));
    stop();
    expect(f.calls[0]).toEqual({ Authorization: 'Bearer tok', Accept: 'text/event-stream' });
    expect(f.calls[1]['Last-Event-ID']).toBe('5');
    expect(f.calls[2]['Last-Event-ID']).toBe('5');
    expect(r.log).toEqual(['connecting', 'open', 'event 4', 'event 5', 'reconnecting', 'reconnecting', 'open', 'resync']);
  });

  it('stops for good on a 401 or when the server ends the stream for the token', async () => {
    const a = recorder();
    startEventStream({ url: 'u', token: () => 't', fetch: scriptedFetch([{ status: 401 }]).fn, listener: a.listener });
    await until(() => a.log.includes('signedOut'));
    const b = recorder();
    const f = scriptedFetch([{ status: 200, chunks: ['event: end\ndata: {"reason":"signed out"}\n\n'] }]);
    startEventStream({ url: 'u', token: () => 't', fetch: f.fn, listener: b.listener });
    await until(() => b.log.includes('signedOut'));
    await new Promise((r) => setTimeout(r, 1200));
    expect(f.calls).toHaveLength(1);
    expect(b.log).toEqual(['connecting', 'open', 'signedOut']);
  });

  it('drops a silent connection and reconnects; ignores malformed events', async () => {
    const f = scriptedFetch([
      { status: 200, chunks: ['data: {"id":"x"}\n\n', 'data: not json\n\n'], hang: true },
      { status: 200, hang: true },
    ]);
    const r = recorder();
    const stop = startEventStream({ url: 'u', token: () => 't', fetch: f.fn, listener: r.listener, idleMs: 50, maxDelayMs: 10 });
    await until(() => f.calls.length >= 2, 4000);
    stop();
    expect(r.events).toEqual([]);
  });
});

describe('what an event refreshes', () => {
  it('lists on a submission, one card’s page only for its own card, pending counts of any screen', () => {
    expect(staleAfter([ev(1, 'card.submitted')], ['listCards', { query: { page: 2 } }])).toBe(true);
    expect(staleAfter([ev(1, 'card.submitted')], ['getUser', { id: 1 }])).toBe(false);
    expect(staleAfter([ev(1, 'card.edited', 7)], ['getCard', { id: 7 }])).toBe(true);
    expect(staleAfter([ev(1, 'card.edited', 7)], ['getCard', { id: 8 }])).toBe(false);
    expect(staleAfter([ev(1, 'comment.added', 7)], ['listComments', { id: 7, query: { page: 1 } }])).toBe(true);
    expect(staleAfter([ev(1, 'comment.added', 7)], ['listCards', {}])).toBe(false);
    expect(staleAfter([ev(1, 'pending.changed', null)], ['pendingCounts', {}])).toBe(true);
    expect(staleAfter([ev(1, 'card.status', 7)], ['cardStatusCounts', {}])).toBe(true);
    expect(staleAfter([ev(1, 'comment.added', 7)], ['cardStatusCounts', {}])).toBe(false);
    expect(staleAfter([ev(1, 'payment.recorded', 7)], ['sellerStatement', { id: 3 }])).toBe(true);
    expect(staleAfter([ev(1, 'due.changed', null)], ['sellerDue', {}])).toBe(true);
    for (const ops of Object.values(EVENT_INVALIDATES)) expect(ops.length).toBeGreaterThan(0);
  });

  it('puts the pending count in front of the title', () => {
    expect(documentTitle('Gift Cards', 3)).toBe('(3) Gift Cards · Gift Card Back-Office');
    expect(documentTitle(undefined, 12)).toBe('(12) Gift Card Back-Office');
    expect(documentTitle('Gift Cards', 0)).toBe('Gift Cards · Gift Card Back-Office');
  });
});
