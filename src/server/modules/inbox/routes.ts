import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { InboxService } from './service';

export function inboxRoutes(app: FastifyInstance, inbox: InboxService) {
  route(app, 'sellerInbox', async ({ user, query }) => inbox.list(user, query.page));
  route(app, 'markInboxRead', async ({ user, body }) => inbox.markRead(user, body.through));
}
