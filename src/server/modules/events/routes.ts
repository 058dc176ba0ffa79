import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { bearerToken } from '../../http/auth';
import { invalidFields, zodToFieldErrors } from '../../http/errors';
import { eventsQuery } from '../../../shared/schemas';
import type { EventService } from './service';

/** Last-Event-ID (a reconnecting EventSource sends it) wins over `?after=`, and is checked like it (422 on `after`). */
function lastEventId(header: string | string[] | undefined): number | undefined {
  const v = Array.isArray(header) ? header[0] : header;
  if (v === undefined || v.trim() === '') return undefined; // an empty one names no event: as if not sent
  const parsed = eventsQuery.safeParse({ after: v.trim() });
  if (!parsed.success) throw invalidFields(zodToFieldErrors(parsed.error));
  return parsed.data.after;
}

export function eventRoutes(app: FastifyInstance, events: EventService) {
  route(app, 'events', async ({ user, query, request, reply }) => {
    const after = lastEventId(request.headers['last-event-id']) ?? query.after;
    if (!/\btext\/event-stream\b/.test(request.headers.accept ?? '')) return events.poll(user, after);
    await events.stream(user, bearerToken(request.headers.authorization)!, after, reply);
    return reply;
  });
  // Open streams would hold the server's close forever: they end first (clients reconnect to another instance).
  app.addHook('preClose', async () => events.endStreams());
  app.addHook('onClose', async () => events.stop());
}
