import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { OfferService } from './service';

export function offerRoutes(app: FastifyInstance, offers: OfferService) {
  route(app, 'allOffers', async () => offers.all());
  route(app, 'listOffers', async ({ query, request }) => offers.list(query, request.log));
  route(app, 'getOffer', async ({ id }) => offers.get(id));
  route(app, 'createOffer', async ({ user, body }) => offers.create(user, body));
  route(app, 'updateOffer', async ({ user, id, body, version }) => offers.update(user, id, body, version));
  route(app, 'deleteOffer', async ({ user, id, version }) => offers.remove(user, id, version));
}
