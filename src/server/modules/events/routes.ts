import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { bearerToken } from '../../http/auth';
import type { EventService } from './service';

/** Last-Event-ID (a reconnecting EventSource sends it) wins over `?after=`. */
function lastEventId(header: string | string[] | undefined): number | undefined {
  const v = Array.isArray(header) ? header[0] : header;
  const id = v && /^(0|[1-9]\d{0,17})$/.test(v.trim()) ? Number(v.trim()) : undefined;
  return id !== undefined && Number.isSafeInteger(id) ? id : undefined;
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
