import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { bearerToken } from '../../http/auth';
import type { AuthService } from './service';

export function authRoutes(app: FastifyInstance, auth: AuthService) {
  route(app, 'login', async ({ body, request }) => auth.login(body.email, body.password, request.ip));
  route(app, 'logout', async ({ user, request }) => {
    await auth.logout(bearerToken(request.headers.authorization) ?? '', user);
    return { msg: 'Logged out' };
  });
}
