import type { Config } from '../../config';
import { centsToNumber } from '../../../shared/money';
import type { Settings } from '../../../shared/types';

/** What the screens need to know of the server's configuration: whether FOUR_EYES is on, and its limit when it is. */
export function createSettingsService(config: Pick<Config, 'FOUR_EYES' | 'FOUR_EYES_LIMIT'>) {
  const settings: Settings = config.FOUR_EYES
    ? { four_eyes: true, four_eyes_limit: centsToNumber(config.FOUR_EYES_LIMIT) }
    : { four_eyes: false };
  return { get: () => settings };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
