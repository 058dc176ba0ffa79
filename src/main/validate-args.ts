import type { z } from 'zod';
import { argsEnvelope, endpoints, isOperationName, type ApiResult, type OperationName } from '../shared/endpoints';
import { MSG } from '../shared/messages';
import { fieldErrorsOf } from '../shared/field-errors';

/** Arguments of one call after main's checks: only these reach the API. */
export interface CheckedCall {
  op: OperationName;
  id?: number;
  query?: Record<string, string | number>;
  body?: Record<string, unknown>;
  files?: Record<string, string[]>;
  ifMatch?: string;
}

/** A 422 in the API's own shape: {message, errors: {field: [text]}}. */
export function invalidArgs(error: z.ZodError, prefix = ''): ApiResult<never> {
  return { status: 422, data: { message: MSG.invalid, errors: fieldErrorsOf(error.issues, prefix, 'args') } };
}

const refuse = (field: string, text: string): ApiResult<never> => ({
  status: 422,
  data: { message: MSG.invalid, errors: { [field]: [text] } },
});

/** Checks an operation request from the renderer against the contract; nothing else can pass. */
export function checkCall(op: unknown, args: unknown): { ok: true; call: CheckedCall } | { ok: false; result: ApiResult<never> } {
  if (!isOperationName(op)) return { ok: false, result: { status: 400, data: { message: 'Unknown operation' } } };
  const def = endpoints[op];
  const env = argsEnvelope.safeParse(args ?? {});
  if (!env.success) return { ok: false, result: invalidArgs(env.error) };
  const a = env.data;
  const call: CheckedCall = { op };

  if (def.path.includes(':id')) {
    if (a.id === undefined) return { ok: false, result: refuse('id', 'The id field is required.') };
    call.id = a.id;
  } else if (a.id !== undefined) return { ok: false, result: refuse('id', 'This operation takes no id.') };

  if (a.query !== undefined) {
    if (!('query' in def) || !def.query) return { ok: false, result: refuse('query', 'This operation takes no query.') };
    // Query values travel as text: check them the way the server will read them.
    const q = def.query.safeParse(Object.fromEntries(Object.entries(a.query).map(([k, v]) => [k, String(v)])));
    if (!q.success) return { ok: false, result: invalidArgs(q.error) };
    call.query = a.query;
  }

  if ('body' in def && def.body) {
    const b = def.body.safeParse(a.body ?? {});
    if (!b.success) return { ok: false, result: invalidArgs(b.error) };
    // The body goes on as the renderer wrote it (the schemas transform, e.g. money to cents); the server checks it again.
    call.body = a.body ?? {};
  } else if (a.body !== undefined) return { ok: false, result: refuse('body', 'This operation takes no body.') };

  if (a.files !== undefined) {
    const allowed: readonly string[] = 'files' in def && def.files ? def.files : [];
    const files: Record<string, string[]> = {};
    for (const [field, list] of Object.entries(a.files)) {
      if (!allowed.includes(field)) return { ok: false, result: refuse(field, `This operation takes no ${field} files.`) };
      if (field === 'comment_image' && list.length > 1) return { ok: false, result: refuse(field, 'Only one comment image can be sent.') };
      if (list.length) files[field] = list.map((f) => f.id);
    }
    if (Object.keys(files).length) call.files = files;
  }
  if (a.ifMatch !== undefined) call.ifMatch = a.ifMatch;
  return { ok: true, call };
}
