import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { QaService } from './service';

export function qaRoutes(app: FastifyInstance, qa: QaService) {
  route(app, 'qaPolicy', async () => qa.policy());
  route(app, 'updateQaPolicy', async ({ user, body }) => qa.setPolicy(user, body));
  route(app, 'listQaReviews', async ({ user, query }) => qa.list(user, query.status));
  route(app, 'getQaReview', async ({ user, id }) => qa.get(user, id));
  route(app, 'decideQaReview', async ({ user, id, body }) => qa.decide(user, id, body));
  route(app, 'resolveQaReview', async ({ user, id, body }) => qa.resolve(user, id, body));
}
