import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { SellerService } from './service';

export function sellerRoutes(app: FastifyInstance, sellers: SellerService) {
  route(app, 'sellerList', async ({ query }) => sellers.list(query));
  route(app, 'sellerDue', async ({ user }) => sellers.due(user));
}
