import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { HistoryService } from './history';
import type { ReviewService } from './service';

export function reviewRoutes(app: FastifyInstance, review: ReviewService, history: HistoryService) {
  route(app, 'reviewCard', async ({ user, id, body, version }) => review.review(user, id, body, version));
  route(app, 'reviewCards', async ({ user, body }) => review.reviewMany(user, body));
  route(app, 'cardDuplicates', async ({ user, id, query }) => review.duplicates(user, id, query.card_number));
  route(app, 'claimCard', async ({ user, id }) => review.claim(user, id));
  route(app, 'startReview', async ({ user, body }) => review.startReview(user, body.skip));
  route(app, 'releaseClaim', async ({ user, id }) => review.release(user, id));
  route(app, 'rejectReasons', async ({ user, body }) => review.rejectReasons(user, body));
  route(app, 'cardHistory', async ({ user, id, query, request }) => history.history(user, id, query.page, request.log));
  route(app, 'cardMoney', async ({ user, id }) => history.money(user, id));
}
