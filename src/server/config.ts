import { LIMITS } from '../shared/limits';
import { parseCents } from '../shared/money';
import { z } from 'zod';

const amount = z
  .string()
  .or(z.literal('').transform(() => undefined))
  .transform((v, ctx) => {
    if (v === undefined || v === '') return undefined;
    const cents = parseCents(v);
    if (cents === null) ctx.addIssue({ code: 'custom', message: 'must be an amount such as 1000 or 250.50' });
    return cents ?? 0;
  });

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATA_DIR: z.string().min(1).default('./data'),
  ADMIN_EMAIL: z
    .email('must be an email address')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ADMIN_PASSWORD: z
    .string()
    .min(8, 'must be at least 8 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DEMO: z
    .enum(['0', '1', ''])
    .default('0')
    .transform((v) => v === '1'),
  REPORT_TZ: z
    .string()
    .default('UTC')
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as UTC or Europe/Paris'),
  TOKEN_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(LIMITS.auth.tokenTtlHours.value),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIR: z.string().optional(),
  IMAGE_STORE: z
    .enum(['fs', 'db', ''])
    .optional()
    .transform((v) => (v ? v : undefined)),
  FOUR_EYES: z
    .enum(['0', '1', ''])
    .default('0')
    .transform((v) => v === '1'),
  /** With FOUR_EYES: what one staff member may move to one seller over the window (and onto one card) alone. */
  FOUR_EYES_LIMIT: amount.optional(),
  /** The old name of FOUR_EYES_LIMIT, still read (with a warning at start). */
  FOUR_EYES_BULK_LIMIT: amount.optional(),
  FOUR_EYES_WINDOW_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 366)
    .default(LIMITS.money.fourEyesWindowHours.value),
  /** Issue 53: how long after a rejection its seller may resubmit or appeal, and after a clawback contest it. */
  APPEAL_WINDOW_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 366)
    .default(LIMITS.appeals.rejectionWindowHours.value),
  CLAWBACK_APPEAL_WINDOW_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 366)
    .default(LIMITS.appeals.clawbackWindowHours.value),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(LIMITS.database.poolSize.value),
  /** Background jobs (reading card photos) run in this process; 0: another instance (or `npm run ocr:backfill`) runs them. */
  JOBS: z
    .enum(['0', '1', ''])
    .default('1')
    .transform((v) => v !== '0'),
  JOB_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(LIMITS.jobs.leaseSeconds.value),
  JOB_POLL_MS: z.coerce.number().int().min(10).max(600_000).default(LIMITS.jobs.pollMs.value),
});

type Env = z.infer<typeof envSchema>;
export type Config = Omit<Env, 'FOUR_EYES_LIMIT' | 'FOUR_EYES_BULK_LIMIT'> & {
  /** In cents; FOUR_EYES_LIMIT, else the old FOUR_EYES_BULK_LIMIT, else $1,000. */
  FOUR_EYES_LIMIT: number;
  /** What the environment asked that start should mention (an old variable name). */
  warnings: string[];
};

export class ConfigError extends Error {}

/** Reads and validates the environment; throws a ConfigError listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (parsed.data.ADMIN_EMAIL && !parsed.data.ADMIN_PASSWORD)
    throw new ConfigError('Invalid configuration:\n  ADMIN_PASSWORD: is required with ADMIN_EMAIL');
  const { FOUR_EYES_LIMIT, FOUR_EYES_BULK_LIMIT, ...rest } = parsed.data;
  const warnings =
    FOUR_EYES_BULK_LIMIT === undefined
      ? []
      : [
          `FOUR_EYES_BULK_LIMIT is now FOUR_EYES_LIMIT${FOUR_EYES_LIMIT === undefined ? ' (read this time)' : ' (ignored: FOUR_EYES_LIMIT is set)'}`,
        ];
  return { ...rest, FOUR_EYES_LIMIT: FOUR_EYES_LIMIT ?? FOUR_EYES_BULK_LIMIT ?? LIMITS.money.fourEyesCents.value, warnings };
}

/** Tests run no background jobs unless they ask (JOBS: true): photos are read only where a test reads them. */
export const testConfig = (overrides: Partial<Config> = {}): Config => ({
  ...loadConfig({}),
  LOG_LEVEL: 'silent',
  JOBS: false,
  ...overrides,
});
