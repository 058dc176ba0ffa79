import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { AdjustmentService } from './service';

export function adjustmentRoutes(app: FastifyInstance, adjustments: AdjustmentService) {
  route(app, 'acceptAdjustment', async ({ user, id }) => adjustments.accept(user, id));
  route(app, 'withdrawAdjustment', async ({ user, id }) => adjustments.withdraw(user, id));
}
