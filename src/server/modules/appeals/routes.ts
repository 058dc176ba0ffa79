import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { AppealService } from './service';

export function appealRoutes(app: FastifyInstance, appeals: AppealService) {
  route(app, 'resubmitCard', async ({ user, id, body, files }) => appeals.resubmit(user, id, body, files));
  route(app, 'appealCard', async ({ user, id, body, files }) => appeals.appeal(user, id, body, files));
  route(app, 'listAppeals', async ({ user, query, request }) => appeals.list(user, query, request.log));
  route(app, 'getAppeal', async ({ user, id }) => appeals.get(user, id));
  route(app, 'decideAppeal', async ({ user, id, body }) => appeals.decide(user, id, body));
}
