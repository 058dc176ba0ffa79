import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { DisputeService } from '../ledger/disputes';
import { fromArray, sendCsv } from '../exports/csv';
import { statementCsv } from './csv';
import type { StatementService } from './service';

/** Money operations beyond the spec: clawbacks of disputed cards and seller statements. */
export function moneyRoutes(app: FastifyInstance, disputes: DisputeService, statements: StatementService) {
  route(app, 'disputeCard', async ({ user, id, body, version }) => disputes.dispute(user, id, body, version));
  route(app, 'resolveDispute', async ({ user, id, body, version }) => disputes.resolve(user, id, body, version));
  route(app, 'sellerStatement', async ({ user, query }) => statements.statement(user, query));
  route(app, 'exportStatement', async ({ user, query, reply }) => {
    const { columns, lines, fileName } = statementCsv(await statements.statement(user, query));
    return sendCsv(reply, fileName, columns, fromArray(lines));
  });
}
