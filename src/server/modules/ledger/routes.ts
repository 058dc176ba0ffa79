import type { FastifyInstance, FastifyReply } from 'fastify';
import { route } from '../../http/route';
import type { LedgerService, Waiting } from './service';

/** A payment recorded for a second staff member's approval is answered 202 (accepted, not done yet). */
const answer = async (reply: FastifyReply, result: Promise<Waiting>) => {
  const r = await result;
  if (r.waiting) void reply.code(202);
  return { msg: r.msg };
};

export function ledgerRoutes(app: FastifyInstance, ledger: LedgerService) {
  route(app, 'createTransaction', async ({ user, body, reply, version }) => answer(reply, ledger.create(user, body, version)));
  route(app, 'bulkPayment', async ({ user, body, reply }) => answer(reply, ledger.bulk(user, body)));
  route(
    app,
    'updateTransaction',
    async ({ user, id, body, reply, version }) => answer(reply, ledger.update(user, id, body ?? {}, version)),
    {
      ignoreBodyFor: (user) => user.role === 'seller',
    },
  );
  route(app, 'getTransaction', async ({ user, id }) => ledger.get(user, id));
  route(app, 'listTransactions', async ({ query, request }) => ledger.list(query, request.log));
  route(app, 'listPendingPayments', async () => ledger.pending.list());
  route(app, 'approvePendingPayment', async ({ user, id }) => ledger.pending.approve(user, id));
  route(app, 'declinePendingPayment', async ({ user, id, body }) => ledger.pending.decline(user, id, body.reason));
  route(app, 'myTransactions', async ({ user, query, request }) => ledger.mine(user, query, request.log));
}
