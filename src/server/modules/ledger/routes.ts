import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { LedgerService } from './service';

export function ledgerRoutes(app: FastifyInstance, ledger: LedgerService) {
  route(app, 'createTransaction', async ({ user, body }) => ledger.create(user, body));
  route(app, 'bulkPayment', async ({ user, body }) => ledger.bulk(user, body));
  route(app, 'updateTransaction', async ({ user, id, body }) => ledger.update(user, id, body ?? {}), {
    ignoreBodyFor: (user) => user.role === 'seller',
  });
  route(app, 'getTransaction', async ({ user, id }) => ledger.get(user, id));
  route(app, 'listTransactions', async ({ query }) => ledger.list(query));
  route(app, 'myTransactions', async ({ user, query }) => ledger.mine(user, query));
}
