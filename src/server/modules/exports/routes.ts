import type { FastifyInstance, FastifyReply } from 'fastify';
import { route } from '../../http/route';
import { sendCsv } from './csv';
import type { CsvExport, ExportService } from './service';

const send = <R>(reply: FastifyReply, e: CsvExport<R>) => sendCsv(reply, e.fileName, e.columns, e.rows);

/** The list exports: streamed CSV answers (see exports/service.ts). */
export function exportRoutes(app: FastifyInstance, exports: ExportService) {
  route(app, 'exportCards', async ({ query, reply }) => send(reply, exports.cards(query)));
  route(app, 'exportMyCards', async ({ user, query, reply }) => send(reply, exports.myCards(user, query)));
  route(app, 'exportTransactions', async ({ query, reply }) => send(reply, exports.transactions(query)));
  route(app, 'exportMyTransactions', async ({ user, query, reply }) => send(reply, exports.myTransactions(user, query)));
  route(app, 'exportSellers', async ({ query, reply }) => send(reply, exports.sellers(query)));
  route(app, 'exportUsers', async ({ query, reply }) => send(reply, exports.users(query)));
  route(app, 'exportOffers', async ({ query, reply }) => send(reply, exports.offers(query)));
  route(app, 'exportAuditLog', async ({ query, reply }) => send(reply, exports.auditLog(query)));
}
