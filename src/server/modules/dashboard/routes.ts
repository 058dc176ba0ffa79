import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { DashboardService } from './service';

export function dashboardRoutes(app: FastifyInstance, dashboard: DashboardService) {
  route(app, 'dashboardFigures', async ({ user }) => dashboard.figures(user));
}
