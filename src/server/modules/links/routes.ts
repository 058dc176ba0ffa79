import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { LinkService } from './service';

export function linkRoutes(app: FastifyInstance, links: LinkService) {
  route(app, 'listSellerLinks', async ({ query }) => links.list(query));
  route(app, 'markLinkKnownGood', async ({ user, id, body }) => links.markKnownGood(user, id, body));
}
