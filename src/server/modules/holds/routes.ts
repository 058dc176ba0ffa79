import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { HoldService } from './service';

export function holdRoutes(app: FastifyInstance, holds: HoldService) {
  route(app, 'placeHold', async ({ user, body }) => holds.place(user, body));
  route(app, 'releaseHold', async ({ user, id, body }) => holds.release(user, id, body));
  route(app, 'listHolds', async ({ query }) => holds.list(query));
}
