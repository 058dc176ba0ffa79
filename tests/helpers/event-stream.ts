import type { LiveEvent } from '../../src/shared/events';
import { createSseParser, type SseFrame as StreamFrame } from '../../src/shared/event-stream';

/** An open `GET /api/events` stream over real HTTP, its frames parsed as they arrive. */
export interface OpenStream {
  status: number;
  frames: StreamFrame[];
  /** The events (`message` frames) received so far. */
  events(): LiveEvent[];
  /** Resolves once a frame matching `match` arrived (rejects after `ms`). */
  waitFor(match: (f: StreamFrame) => boolean, ms?: number): Promise<StreamFrame>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openEventStream(base: string, token: string, headers: Record<string, string> = {}): Promise<OpenStream> {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/events`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream', ...headers },
    signal: abort.signal,
  });
  const frames: StreamFrame[] = [];
  const waiters = new Set<() => void>();
  let finish!: () => void;
  const ended = new Promise<void>((resolve) => (finish = resolve));
  void (async () => {
    if (!res.body) return finish();
    const decoder = new TextDecoder();
    const push = createSseParser((f) => {
      frames.push(f);
      waiters.forEach((w) => w());
    });
    try {
      for await (const chunk of res.body) push(decoder.decode(chunk as Uint8Array, { stream: true }));
    } catch {
      /* aborted */
    }
    finish();
  })();
  return {
    status: res.status,
    frames,
    events: () => frames.filter((f) => f.event === 'message').map((f) => JSON.parse(f.data) as LiveEvent),
    waitFor: (match, ms = 5000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const f = frames.find(match);
          if (f) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(f);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching frame within ${ms} ms; got ${JSON.stringify(frames)}`));
        }, ms);
        waiters.add(check);
        check();
      }),
    ended,
    close: () => abort.abort(),
  };
}

/** A frame that is the event `type` (about `card`, when given). */
export const isEvent =
  (type: LiveEvent['type'], card?: number) =>
  (f: StreamFrame): boolean => {
    if (f.event !== 'message') return false;
    const e = JSON.parse(f.data) as LiveEvent;
    return e.type === type && (card === undefined || e.card_id === card);
  };
