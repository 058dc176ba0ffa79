import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { SellerService } from './service';

export function sellerRoutes(app: FastifyInstance, sellers: SellerService) {
  route(app, 'sellerList', async ({ query, request }) => sellers.list(query, request.log));
  route(app, 'sellerDue', async ({ user }) => sellers.due(user));
}
