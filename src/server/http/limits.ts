import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { LIMITS } from '../../shared/limits';

export type HttpLimits = Record<'headersMs' | 'requestMs' | 'idleMs' | 'keepAliveMs' | 'checkEveryMs', number>;

/**
 * Time limits of every connection (milliseconds, LIMITS.http; tests shorten them). A client that stops sending is
 * dropped by the first that runs out, its upload slot released: the headers within `headersMs`, the whole request
 * (body included) within `requestMs`, no traffic either way for `idleMs` (open event streams send a heartbeat well
 * within it), an idle keep-alive connection after `keepAliveMs`. Node checks the first two every `checkEveryMs`. The
 * keep-alive limit is longer than clients' own (Node's agent and browsers close theirs after a few seconds): a server
 * that closed first would race a client sending its next request on the same connection, which then fails with
 * "other side closed".
 */
export const HTTP_LIMITS: HttpLimits = {
  headersMs: LIMITS.http.headersMs.value,
  requestMs: LIMITS.http.requestMs.value,
  idleMs: LIMITS.http.idleMs.value,
  keepAliveMs: LIMITS.http.keepAliveMs.value,
  checkEveryMs: LIMITS.http.checkEveryMs.value,
};

/** Fastify's options for them. */
export function serverTimeouts(limits: HttpLimits) {
  return {
    requestTimeout: limits.requestMs,
    connectionTimeout: limits.idleMs,
    keepAliveTimeout: limits.keepAliveMs,
    http: { headersTimeout: limits.headersMs, requestTimeout: limits.requestMs, connectionsCheckingInterval: limits.checkEveryMs },
  };
}

const answers: Record<string, [number, string, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request took too long to arrive. Please send it again.'],
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'The request headers are too large.'],
};

/**
 * Errors of a connection before Fastify has a request (a header or request timeout, headers too large, bytes that
 * are not HTTP) in the API's error shape, then the connection is closed. Nothing is written once an answer has started.
 */
export function clientErrorHandler(this: FastifyInstance, err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] = answers[err.code ?? ''] ?? [400, 'Bad Request', 'Bad request'];
  this.log.debug({ code: err.code }, 'client error');
  const started = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (socket.writable && !started) {
    const body = JSON.stringify({ message });
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
