import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { UserService } from './service';

export function userRoutes(app: FastifyInstance, users: UserService) {
  route(app, 'listUsers', async ({ query, request }) => users.list(query, request.log));
  route(app, 'getUser', async ({ id }) => users.get(id));
  route(app, 'createUser', async ({ user, body }) => users.create(user, body));
  route(app, 'updateUser', async ({ user, id, body, version }) => users.update(user, id, body, version));
  route(app, 'deleteUser', async ({ user, id, version }) => users.remove(user, id, version));
}
