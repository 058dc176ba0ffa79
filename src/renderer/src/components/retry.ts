/** Answers a Retry cannot change: not signed in, not allowed, not found, refused as invalid. */
const FINAL_STATUSES = new Set([400, 401, 403, 404, 422]);

/**
 * Whether a failed load is worth a Retry button: a network error or a server fault is, "not allowed" or "not found"
 * is not. Reads the HTTP status an ApiCallError carries.
 */
export function canRetry(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return !(typeof status === 'number' && FINAL_STATUSES.has(status));
}
