import type { FastifyInstance } from 'fastify';
import { IMAGE_MIME } from '../../../shared/image-kind';
import { isStoredName, type ImageStore } from './store';
import type { ImageSigner } from './signing';

/**
 * GET /storage/images/<name>: only with a valid signature for that image (see signing.ts), streamed from the store
 * (files or database rows alike),
 * never cached (`private, no-store`) and same-origin only. An unsigned, expired or forged URL is a 403; a name the
 * server could not have made is a 404 without touching the disk.
 */
export function serveCardPhotos(app: FastifyInstance, images: ImageStore, signer: ImageSigner) {
  app.get('/storage/images/:name', async (request, reply) => {
    const { name } = request.params as { name: string };
    if (!isStoredName(name)) return reply.status(404).send({ message: 'Not found.' });
    if (!signer.verify(name, request.query as Record<string, unknown>))
      return reply.status(403).send({ message: 'This image link is not valid or has expired. Reload the page.' });
    const stored = await images.open(name);
    if (!stored) return reply.status(404).send({ message: 'Not found.' });
    const ext = name.slice(name.lastIndexOf('.') + 1) as keyof typeof IMAGE_MIME;
    return reply
      .header('content-type', IMAGE_MIME[ext])
      .header('content-length', stored.size)
      .header('cache-control', 'private, no-store')
      .send(stored.stream);
  });
}
