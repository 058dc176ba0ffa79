import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIMITS, type Limit } from '../../src/shared/limits';
import { loadConfig } from '../../src/server/config';

const entries = Object.entries(LIMITS).flatMap(([area, limits]) =>
  Object.entries(limits as Record<string, Limit>).map(([name, limit]) => ({ key: `${area}.${name}`, ...limit })),
);
const v = <A extends keyof typeof LIMITS>(area: A, name: keyof (typeof LIMITS)[A]): number => (LIMITS[area][name] as Limit).value;

describe('shared/limits.ts', () => {
  it('gives every limit a positive whole value and a reason of its own', () => {
    expect(entries.length).toBeGreaterThan(50);
    for (const { key, value, why } of entries) {
      expect(Number.isSafeInteger(value) && value > 0, `${key}: ${value}`).toBe(true);
      expect(why.trim().split(/\s+/).length, `${key} says why`).toBeGreaterThanOrEqual(4);
      expect(why.length, `${key}: one line`).toBeLessThanOrEqual(120);
    }
    const reasons = entries.map((e) => e.why);
    expect(new Set(reasons).size, 'no reason copied from another limit').toBe(reasons.length);
  });

  it('holds the defaults of the environment variables that override a limit', () => {
    const config = loadConfig({}) as unknown as Record<string, unknown>;
    const overridable = entries.filter((e) => e.env);
    expect(overridable.map((e) => e.env)).toEqual(
      expect.arrayContaining(['TOKEN_TTL_HOURS', 'FOUR_EYES_LIMIT', 'JOB_LEASE_SECONDS', 'JOB_POLL_MS', 'DB_POOL_SIZE']),
    );
    for (const { key, env, value } of overridable) expect(config[env!], `${key} (${env})`).toBe(value);
  });

  it('keeps the limits that depend on each other consistent', () => {
    // An upload's answer and a stream's heartbeat come before a silent connection is dropped.
    expect(v('uploads', 'answerWithinMs')).toBeLessThan(v('http', 'idleMs'));
    expect(v('events', 'heartbeatMs')).toBeLessThan(v('http', 'idleMs'));
    expect(v('events', 'clientIdleMs')).toBeGreaterThanOrEqual(2 * v('events', 'heartbeatMs'));
    expect(v('events', 'reconnectFirstMs')).toBeLessThan(v('events', 'reconnectMaxMs'));
    // Sellers leave room for staff, and one user cannot take every slot left to sellers.
    expect(v('uploads', 'slotsStaffReserved')).toBeLessThan(v('uploads', 'slotsTotal'));
    expect(v('uploads', 'slotsPerUser')).toBeLessThanOrEqual(v('uploads', 'slotsTotal') - v('uploads', 'slotsStaffReserved'));
    // What main sends and what the server reads agree.
    expect(v('desktop', 'sendBytes')).toBeGreaterThan(v('uploads', 'imagesPerRequest') * v('uploads', 'imageBytes'));
    expect(v('uploads', 'partsPerRequest')).toBeGreaterThanOrEqual(v('uploads', 'imagesPerRequest') + v('uploads', 'fieldsPerRequest'));
    expect(v('uploads', 'fieldBytes')).toBeGreaterThanOrEqual(4 * v('text', 'descriptionChars'));
    // A claim is renewed before it runs out; a search total is never counted past a list's.
    expect(v('review', 'claimRenewMs')).toBeLessThan(v('review', 'claimMinutes') * 60_000);
    expect(v('lists', 'searchTotalCap')).toBeLessThan(v('lists', 'totalCap'));
    expect(v('images', 'urlRoundSeconds')).toBeLessThan(v('images', 'urlTtlSeconds'));
    expect(v('jobs', 'retryFirstSeconds')).toBeLessThan(v('jobs', 'retryMaxSeconds'));
    expect(v('auth', 'loginBaseDelaySeconds')).toBeLessThan(v('auth', 'loginMaxDelaySeconds'));
  });

  it('is where these limits are written: src has none of their old literals', () => {
    const former =
      /40_000_000|16 \* 1024|256 \* 1024|(20|60) \* 1024 \* 1024|4 \* 3600_000|\b15 \* 60\b|\b10 \* 60\b|retry: 3000|1 << 20|\b5 \* 1024 \* 1024/;
    const files = fs.readdirSync('src', { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f));
    const found = files
      .filter((f) => path.normalize(f) !== path.normalize('shared/limits.ts'))
      .filter((f) => former.test(fs.readFileSync(path.join('src', f), 'utf8')));
    expect(found).toEqual([]);
  });
});
