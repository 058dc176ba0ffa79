import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { answerDeadline } from '../../http/deadline';
import type { CardService } from './service';

export function cardRoutes(app: FastifyInstance, cards: CardService) {
  route(app, 'createCard', async ({ user, body, files, reply }) => cards.create(user, body, files, answerDeadline(reply)));
  route(app, 'listCards', async ({ query, request }) => cards.list(query, request.log));
  route(app, 'cardStatusCounts', async () => cards.statusCounts());
  route(app, 'myCards', async ({ user, query, request }) => cards.mine(user, query, request.log));
  route(app, 'getCard', async ({ user, id }) => cards.get(user, id));
  route(app, 'updateCard', async ({ user, id, body, rawFields, files, version }) =>
    cards.update(user, id, body, rawFields, files, version),
  );
  route(app, 'deleteCard', async ({ user, id, version }) => cards.remove(user, id, version));
  route(app, 'deleteCardImage', async ({ user, id }) => cards.removeImage(user, id));
  route(app, 'searchCardNumber', async ({ user, body }) => cards.search(user, body.card_number));
}
