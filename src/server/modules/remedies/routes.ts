import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { RemedyService } from './service';

export function remedyRoutes(app: FastifyInstance, remedies: RemedyService) {
  route(app, 'listRejectRemedies', async () => remedies.list());
  route(app, 'updateRejectRemedy', async ({ user, body }) => remedies.update(user, body));
}
