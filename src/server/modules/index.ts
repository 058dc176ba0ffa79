import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';
import { authRoutes } from './auth/routes';
import { userRoutes } from './users/routes';
import { ledgerRoutes } from './ledger/routes';
import { sellerRoutes } from './sellers/routes';
import { reportRoutes } from './reports/routes';
import { offerRoutes } from './offers/routes';
import { cardRoutes } from './cards/routes';
import { commentRoutes } from './comments/routes';
import { dashboardRoutes } from './dashboard/routes';
import { eventRoutes } from './events/routes';
import { moneyRoutes } from './statements/routes';
import { reviewRoutes } from './review/routes';
import { exportRoutes } from './exports/routes';
import { auditRoutes } from './audit/routes';
import { settingsRoutes } from './settings/routes';
import { remedyRoutes } from './remedies/routes';
import { qaRoutes } from './qa/routes';
import { appealRoutes } from './appeals/routes';
import { holdRoutes } from './holds/routes';
import { figuresRoutes } from './figures/routes';
import { inboxRoutes } from './inbox/routes';

/** Every module's routes; each module registers the operations of the shared contract it owns. */
export function registerRoutes(app: FastifyInstance, s: Services) {
  authRoutes(app, s.auth);
  userRoutes(app, s.users);
  ledgerRoutes(app, s.ledger);
  sellerRoutes(app, s.sellers);
  reportRoutes(app, s.reports);
  offerRoutes(app, s.offers);
  cardRoutes(app, s.cards);
  commentRoutes(app, s.comments);
  dashboardRoutes(app, s.dashboard);
  eventRoutes(app, s.events);
  moneyRoutes(app, s.disputes, s.statements);
  reviewRoutes(app, s.review, s.history);
  exportRoutes(app, s.exports);
  auditRoutes(app, s.audit);
  settingsRoutes(app, s.settings);
  remedyRoutes(app, s.remedies);
  qaRoutes(app, s.qa);
  appealRoutes(app, s.appeals);
  holdRoutes(app, s.holds);
  figuresRoutes(app, s.figures);
  inboxRoutes(app, s.inbox);
}
