import { MSG } from '../../../../shared/messages';

/**
 * What a refused payment says. The server's errorMsg when it has one; otherwise the spec's 'The code already used.'
 * only for a code conflict (409), and for anything else (unreachable, unavailable) what really happened.
 */
export function payFailureText(shown: string, status: number, data: unknown): string {
  const { message, errors, errorMsg } = (data ?? {}) as { message?: unknown; errors?: Record<string, unknown>; errorMsg?: unknown };
  if (shown !== MSG.codeUsed || status === 409 || (typeof errorMsg === 'string' && errorMsg)) return shown;
  // A 422 without errorMsg carries field errors: they show on their fields; only one on the code is the code's.
  if (status === 422) return errors && 'code' in errors ? shown : '';
  if (status >= 500 && typeof message === 'string' && message) return message;
  return status === 0
    ? 'The server could not be reached. The payment was not recorded.'
    : 'The payment was not recorded. Please try again.';
}
