import { describe, expect, it } from 'vitest';
import { canRetry } from '../../src/renderer/src/components/retry';

/** What an ApiCallError carries: the answer's HTTP status. */
const failed = (status: number) => Object.assign(new Error('refused'), { status });

describe('Retry button', () => {
  it('is offered for a network error or a server fault, not for not-allowed, not-found or invalid', () => {
    expect(canRetry(new TypeError('Failed to fetch'))).toBe(true);
    expect(canRetry(failed(500))).toBe(true);
    expect(canRetry(failed(503))).toBe(true);
    for (const status of [401, 403, 404, 422]) expect(canRetry(failed(status)), String(status)).toBe(false);
  });
});
