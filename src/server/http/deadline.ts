import type { FastifyReply } from 'fastify';
import { LIMITS } from '../../shared/limits';
import { MSG } from '../../shared/messages';
import { HttpError } from './errors';

/** How long a write with uploads may take once its body is read (see LIMITS.uploads.answerWithinMs). */
const ANSWER_WITHIN_MS = LIMITS.uploads.answerWithinMs.value;

/**
 * Aborted when the client is gone (the connection closed before the answer) or past ANSWER_WITHIN_MS: a write checks it
 * before committing, so nobody's retry meets a card stored for an answer that never arrived.
 */
export function answerDeadline(reply: FastifyReply, ms = ANSWER_WITHIN_MS): AbortSignal {
  const gone = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) gone.abort();
  });
  return AbortSignal.any([gone.signal, AbortSignal.timeout(ms)]);
}

/** Refuses (nothing is committed) once the deadline passed. */
export function checkDeadline(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new HttpError(503, { message: MSG.uploadNotSaved, errorMsg: MSG.uploadNotSaved });
}
