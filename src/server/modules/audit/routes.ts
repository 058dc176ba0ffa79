import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { AuditService } from './service';

export function auditRoutes(app: FastifyInstance, audit: AuditService) {
  route(app, 'listAuditLog', async ({ query, request }) => audit.list(query, request.log));
}
