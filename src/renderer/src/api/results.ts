import type { ApiResult } from '../../../shared/endpoints';
import type { ApiError } from '../../../shared/types';
import { formatMoney } from '../lib/format';

/** A 2xx answer; narrows `data` to the response type. */
export function isOk<R>(result: ApiResult<R>): result is { status: number; data: R; etag?: string } {
  return result.status >= 200 && result.status < 300;
}

/**
 * Money inserted into a server text, as the screens show it: 'Amount cannot be bigger 117.5' reads
 * 'Amount cannot be bigger $117.50' (the API writes a plain number; the words stay the spec's).
 */
export const withShownAmounts = (text: string): string =>
  text.replace(/^(Amount cannot be bigger )(-?\d+(?:\.\d{1,2})?)$/, (_, words: string, n: string) => words + formatMoney(Number(n)));

/** The server's `errorMsg` when the answer has one (its amounts formatted), else the fallback. */
export function errorText(result: ApiResult<unknown>, fallback: string): string {
  const d = result.data as Partial<ApiError> | null | undefined;
  return d && typeof d === 'object' && typeof d.errorMsg === 'string' && d.errorMsg ? withShownAmounts(d.errorMsg) : fallback;
}

/** The server's `msg` on success, else the fallback. */
export function msgText(result: ApiResult<unknown>, fallback: string): string {
  const d = result.data as { msg?: unknown } | null | undefined;
  return d && typeof d === 'object' && typeof d.msg === 'string' && d.msg ? d.msg : fallback;
}

/** Field errors of a 422 (`{errors: {field: [text]}}`) as field -> first text. */
export function fieldErrors(result: ApiResult<unknown>): Record<string, string> {
  const d = result.data as Partial<ApiError> | null | undefined;
  const out: Record<string, string> = {};
  if (d && typeof d === 'object' && d.errors) for (const [k, v] of Object.entries(d.errors)) if (v?.[0]) out[k] = v[0];
  return out;
}

/**
 * A refused write as what a form shows: each server field error on the form's field (`aliases` renames server
 * fields, matched whole or by the part before a dot: `gallery.0` -> `gallery`), and the toast text.
 */
export function formErrorsOf(
  result: ApiResult<unknown>,
  { fallback, aliases = {} }: { fallback: string; aliases?: Record<string, string> },
): { fields: Record<string, string>; toast: string } {
  const fields: Record<string, string> = {};
  for (const [k, text] of Object.entries(fieldErrors(result))) {
    const name = aliases[k] ?? aliases[k.split('.')[0]!] ?? k.split('.')[0]!;
    fields[name] ??= text;
  }
  return { fields, toast: errorText(result, fallback) };
}

/**
 * The toast of a refused save: none when the refusal is only field errors that all show on the form's own fields
 * (the field says what is wrong; a generic 'server error' over it would say the save broke); otherwise the text.
 */
export function refusalToast(
  shown: { fields: Record<string, string>; toast: string },
  { fallback, formFields }: { fallback: string; formFields: readonly string[] },
): string {
  const names = Object.keys(shown.fields);
  const allShown = names.length > 0 && names.every((n) => formFields.includes(n));
  return allShown && shown.toast === fallback ? '' : shown.toast;
}
