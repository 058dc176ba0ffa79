import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { endpoints, type OperationName } from '../../shared/endpoints';
import { responseSchemas } from '../../shared/responses';
import { isStaff } from '../../shared/constants';
import { forbidden, HttpError, invalidFields, unauthenticated, zodToFieldErrors } from './errors';
import { readBody, type UploadedFile } from './body';
import type { AuthUser } from '../modules/auth/service';

export interface RouteContext<B = unknown, Q = unknown> {
  /** The caller; null only on public routes. */
  user: AuthUser;
  id: number;
  body: B;
  query: Q;
  files: UploadedFile[];
  /** Raw fields as sent, for calls that depend on which fields are present. */
  rawFields: Record<string, unknown>;
  request: FastifyRequest;
  reply: FastifyReply;
}

type BodyOut<K extends OperationName> = (typeof endpoints)[K] extends { body: infer S extends z.ZodType } ? z.output<S> : undefined;
type QueryOut<K extends OperationName> = (typeof endpoints)[K] extends { query: infer S extends z.ZodType } ? z.output<S> : undefined;

export type Handler<K extends OperationName> = (ctx: RouteContext<BodyOut<K>, QueryOut<K>>) => Promise<unknown>;

const ID_RE = /^[1-9]\d{0,9}$/;

/** The first field (by name) whose text holds a NUL character, which PostgreSQL cannot store; null when none does. */
function fieldWithNul(fields: unknown, prefix = ''): string | null {
  if (typeof fields === 'string') return fields.includes('\u0000') ? prefix || 'body' : null;
  if (fields && typeof fields === 'object') {
    for (const [k, v] of Object.entries(fields)) {
      if (k.includes('\u0000')) return prefix ? `${prefix}.${k}` : k;
      const found = fieldWithNul(v, prefix ? `${prefix}.${k}` : k);
      if (found) return found;
    }
  }
  return null;
}
const refuseNul = (fields: unknown) => {
  const field = fieldWithNul(fields);
  if (field) throw invalidFields({ [field]: [`The ${field.replace(/_/g, ' ')} field may not contain a NUL character.`] });
};

/**
 * Registers one operation of the shared contract: exact method and path under /api/,
 * access by role, `:id` checked, body and query validated by the contract's zod schemas (422 on failure).
 * Files are only read for operations that declare them; otherwise a multipart body's files are refused.
 */
export interface RouteOptions {
  /** Callers for whom the body is ignored rather than validated (a seller's redeem toggle ignores any fields). */
  ignoreBodyFor?: (user: AuthUser) => boolean;
}

export function route<K extends OperationName>(app: FastifyInstance, op: K, handler: Handler<K>, options: RouteOptions = {}): void {
  const def = endpoints[op];
  const url = `/api/${def.path}`;
  app.route({
    method: def.method,
    url,
    handler: async (request, reply) => {
      const user = request.user;
      if (def.access !== 'public') {
        if (!user) throw unauthenticated();
        if (def.access === 'staff' && !isStaff(user.role)) throw forbidden();
        if (def.access === 'seller' && user.role !== 'seller') throw forbidden();
      }
      let id = 0;
      if (def.path.includes(':id')) {
        const raw = (request.params as { id?: string }).id ?? '';
        if (!ID_RE.test(raw) || Number(raw) > 2147483647) throw new HttpError(404, { message: 'Not found.' });
        id = Number(raw);
      }
      let query: unknown = undefined;
      refuseNul(request.query);
      if ('query' in def && def.query) {
        const parsed = (def.query as z.ZodType).safeParse(request.query ?? {});
        if (!parsed.success) throw invalidFields(zodToFieldErrors(parsed.error));
        query = parsed.data;
      }
      let body: unknown = undefined;
      let files: UploadedFile[] = [];
      let rawFields: Record<string, unknown> = {};
      if (def.method !== 'GET' && def.method !== 'DELETE') {
        const read = await readBody(request);
        refuseNul(read.fields);
        rawFields = read.fields;
        const allowed = new Set<string>(('files' in def && def.files) || []);
        const stray = read.files.find((f) => !allowed.has(f.field));
        if (stray) throw invalidFields({ [stray.field]: [`The ${stray.field} field does not take files.`] });
        files = read.files;
        if (user && options.ignoreBodyFor?.(user)) {
          rawFields = {};
          files = [];
        } else if ('body' in def && def.body) {
          const parsed = (def.body as z.ZodType).safeParse(read.fields);
          if (!parsed.success) throw invalidFields(zodToFieldErrors(parsed.error));
          body = parsed.data;
        }
      }
      const result = await handler({ user: user as AuthUser, id, body, query, files, rawFields, request, reply } as RouteContext<
        BodyOut<K>,
        QueryOut<K>
      >);
      // A handler that answered by itself (a stream, a file: it returns the reply) is done; every other answer is validated and
      // stripped by the operation's response schema: nothing leaves that the contract does not name.
      if (reply.sent || result === reply) return reply;
      const out = (responseSchemas[op] as z.ZodType).safeParse(result);
      if (!out.success) {
        request.log.error({ op, issues: out.error.issues }, 'response does not match its schema');
        throw new Error(`response of ${op} does not match its schema`);
      }
      return out.data;
    },
  });
}
