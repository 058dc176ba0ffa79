import { liveEventSchema, STREAM_CONTROL, type LiveEvent } from './events';
import { LIMITS } from './limits';

/** One Server-Sent Events frame. */
export interface SseFrame {
  event: string;
  id?: string;
  data: string;
}

/** An incremental text/event-stream parser: feed it text as it arrives, it calls `onFrame` per complete frame. */
export function createSseParser(onFrame: (f: SseFrame) => void): (chunk: string) => void {
  let buf = '';
  return (chunk) => {
    buf += chunk.replace(/\r\n?/g, '\n');
    let cut;
    while ((cut = buf.indexOf('\n\n')) >= 0) {
      const block = buf.slice(0, cut);
      buf = buf.slice(cut + 2);
      const frame: SseFrame = { event: 'message', data: '' };
      let hasData = false;
      for (const line of block.split('\n')) {
        if (!line || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') frame.event = value;
        else if (field === 'id') frame.id = value;
        else if (field === 'data') {
          frame.data += (hasData ? '\n' : '') + value;
          hasData = true;
        }
      }
      if (hasData) onFrame(frame);
    }
  };
}

export type StreamStatus = 'connecting' | 'open' | 'reconnecting';

export interface LiveListener {
  event(e: LiveEvent): void;
  status(s: StreamStatus): void;
  /** Events were missed beyond what the server keeps (or the stream came back after an outage): refetch everything. */
  resync(): void;
  /** The server refused the token or ended the stream for it (signed out elsewhere): do not reconnect. */
  signedOut(): void;
}

export interface EventStreamOptions {
  /** `…/api/events` */
  url: string;
  /** The Bearer token now (null: stop). */
  token: () => string | null;
  fetch: typeof fetch;
  listener: LiveListener;
  /** No byte for this long (the server sends a heartbeat every 15 s) means a dead connection: reconnect. */
  idleMs?: number;
  maxDelayMs?: number;
}

/**
 * `GET /api/events` as a fetch stream with the Bearer header (EventSource cannot send one): reconnects with
 * Last-Event-ID after 1 s, then up to `maxDelayMs` apart, and says when it is open or reconnecting.
 * Returns the function that stops it.
 */
export function startEventStream(opts: EventStreamOptions): () => void {
  const { listener } = opts;
  const idleMs = opts.idleMs ?? LIMITS.events.clientIdleMs.value;
  const maxDelay = opts.maxDelayMs ?? LIMITS.events.reconnectMaxMs.value;
  let stopped = false;
  let lastId: string | undefined;
  let abort: AbortController | null = null;
  let wake: (() => void) | null = null;
  const firstDelay = Math.min(LIMITS.events.reconnectFirstMs.value, maxDelay);
  let delay = firstDelay;
  let wasDown = false;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(t);
        resolve();
      };
    });

  async function once(): Promise<'again' | 'stop'> {
    const token = opts.token();
    if (!token) return 'stop';
    const ctrl = (abort = new AbortController());
    let idle: ReturnType<typeof setTimeout> | undefined;
    const touch = () => {
      clearTimeout(idle);
      idle = setTimeout(() => ctrl.abort(), idleMs);
    };
    let ended = false;
    try {
      const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' };
      if (lastId) headers['Last-Event-ID'] = lastId;
      touch();
      const res = await opts.fetch(opts.url, { headers, signal: ctrl.signal });
      if (res.status === 401) {
        listener.signedOut();
        return 'stop';
      }
      if (!res.ok || !res.body) return 'again';
      listener.status('open');
      delay = firstDelay;
      if (wasDown) listener.resync();
      wasDown = false;
      const parse = createSseParser((f) => {
        if (f.event === STREAM_CONTROL.end) ended = true;
        else if (f.event === STREAM_CONTROL.resync) listener.resync();
        else if (f.event === 'message') {
          const parsed = liveEventSchema.safeParse(safeJson(f.data));
          if (parsed.success) {
            if (f.id) lastId = f.id;
            listener.event(parsed.data);
          }
        }
      });
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        touch();
        parse(decoder.decode(value, { stream: true }));
      }
    } catch {
      /* unreachable, aborted or cut: reconnect */
    } finally {
      clearTimeout(idle);
    }
    if (ended) {
      listener.signedOut();
      return 'stop';
    }
    return 'again';
  }

  void (async () => {
    listener.status('connecting');
    while (!stopped) {
      if ((await once()) === 'stop' || stopped) return;
      wasDown = true;
      listener.status('reconnecting');
      await pause(delay);
      delay = Math.min(delay * 2, maxDelay);
    }
  })();

  return () => {
    stopped = true;
    abort?.abort();
    wake?.();
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
