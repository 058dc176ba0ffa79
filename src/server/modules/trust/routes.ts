import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { TrustService } from './service';

export function trustRoutes(app: FastifyInstance, trust: TrustService) {
  route(app, 'sellerTrust', async ({ id }) => trust.get(id));
  route(app, 'trustPolicy', async () => trust.policy());
  route(app, 'updateTrustPolicy', async ({ user, body }) => trust.setPolicy(user, body));
}
