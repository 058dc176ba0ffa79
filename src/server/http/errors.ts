import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { fieldErrorsOf } from '../../shared/field-errors';
import { MSG } from '../../shared/messages';

/** An error that becomes a JSON answer with this status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: { message: string; errorMsg?: string; errors?: Record<string, string[]> },
  ) {
    super(body.message);
  }
}

export const unauthenticated = () => new HttpError(401, { message: MSG.unauthenticated });
export const forbidden = (message: string = MSG.forbidden) => new HttpError(403, { message });
export const notFound = (message: string = MSG.notFound) => new HttpError(404, { message });
/** A business refusal: the spec's text in errorMsg (and message). */
export const refusal = (text: string, status = 422) => new HttpError(status, { message: text, errorMsg: text });
/** A 403 for a rule's refusal: the bare 403 for MSG.forbidden, else the rule's text as a refusal. */
export const denied = (text: string) => (text === MSG.forbidden ? forbidden() : refusal(text, 403));
export const invalidFields = (errors: Record<string, string[]>) => new HttpError(422, { message: MSG.invalid, errors });

/** Laravel-style field messages: "The price field must be ...". */
export const zodToFieldErrors = (error: z.ZodError): Record<string, string[]> => fieldErrorsOf(error.issues);

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', '57P01', '57P02', '57P03', '53300']);

function isDatabaseUnavailable(err: unknown): boolean {
  let e = err as { code?: string; message?: string; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 5; depth++) {
    if (e.code && (CONNECTION_CODES.has(e.code) || e.code.startsWith('08'))) return true;
    if (
      e.message &&
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(e.message)
    )
      return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** Postgres error code of a (possibly wrapped) driver error. */
export function pgCode(err: unknown): string | undefined {
  let e = err as { code?: string; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

/** One error format for the whole API: JSON, never HTML, never a stack trace. */
export function errorHandler(err: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): void {
  // Refused before its body was read (a multipart body on a call that does not take it, a 401, a 429): the rest of the
  // body is not waited for, the connection closes after the answer.
  if (!request.raw.complete) void reply.header('connection', 'close');
  if (err instanceof HttpError) {
    void reply.status(err.status).send(err.body);
    return;
  }
  const fe = err as FastifyError;
  // The client went away before its body arrived (Node's "aborted", an ECONNRESET like a lost database connection):
  // nothing is wrong on this side and nobody reads the answer.
  if (!request.raw.complete && request.raw.destroyed) {
    request.log.info({ err }, 'client aborted');
    void reply.status(400).send({ message: 'Bad request' });
    return;
  }
  if (isDatabaseUnavailable(err)) {
    request.log.error({ err }, 'database unavailable');
    void reply.status(503).header('retry-after', '2').send({ message: MSG.unavailable });
    return;
  }
  const code = pgCode(err);
  // A unique index refusing a write that no service check caught (e.g. a race the service did not expect).
  if (code === '23505') {
    request.log.warn({ err }, 'unique violation');
    void reply.status(409).send({ message: MSG.conflict });
    return;
  }
  if (code === '40001' || code === '40P01') {
    void reply.status(409).send({ message: 'The record changed while saving. Please try again.' });
    return;
  }
  // Data exceptions (class 22: out of range, bad encoding, NUL, invalid text) and check violations come from input
  // that got past validation: the caller's fault, never a 500.
  if (code?.startsWith('22') || code === '23514') {
    void reply.status(422).send({ message: MSG.invalid });
    return;
  }
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    const message = fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'Unsupported content type' : fe.message || 'Bad request';
    void reply.status(fe.statusCode).send({ message });
    return;
  }
  request.log.error({ err }, 'unhandled error');
  void reply.status(500).send({ message: 'Server error' });
}
