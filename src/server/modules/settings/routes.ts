import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { SettingsService } from './service';

export function settingsRoutes(app: FastifyInstance, settings: SettingsService) {
  route(app, 'settings', async () => settings.get());
}
