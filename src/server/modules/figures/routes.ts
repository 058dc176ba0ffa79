import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { fromArray, sendCsv } from '../exports/csv';
import { figuresCsv } from './csv';
import type { FiguresService } from './service';

/** Reviewer figures (admins): the screen's answer and its CSV. */
export function figuresRoutes(app: FastifyInstance, figures: FiguresService) {
  route(app, 'reviewerFigures', async ({ query }) => figures.reviewers(query));
  route(app, 'exportReviewerFigures', async ({ query, reply }) => {
    const report = await figures.reviewers(query);
    const { columns, fileName } = figuresCsv(report);
    return sendCsv(reply, fileName, columns, fromArray(report.reviewers));
  });
}
