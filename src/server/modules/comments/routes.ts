import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { CommentService } from './service';

export function commentRoutes(app: FastifyInstance, comments: CommentService) {
  route(app, 'listComments', async ({ user, id, query, request }) => comments.list(user, id, query.page, request.log));
  route(app, 'addComment', async ({ user, id, body, files }) => comments.add(user, id, body.comment, files));
  route(app, 'deleteComment', async ({ user, id }) => comments.remove(user, id));
}
