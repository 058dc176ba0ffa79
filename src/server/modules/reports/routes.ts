import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { ReportService } from './service';

export function reportRoutes(app: FastifyInstance, reports: ReportService) {
  route(app, 'chartData', async ({ user, body }) => reports.daily(user, body));
  route(app, 'chartDataYearly', async ({ user, body }) => reports.yearly(user, body));
  route(app, 'dashboardChart', async ({ user, query }) => reports.dashboard(user, query));
}
