import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { endpoints, type OperationName } from '../../shared/endpoints';
import { responseSchemas, sellerResponseSchemas } from '../../shared/responses';
import { accessPolicy, roleMayCall, type AccessRule } from '../../shared/access-policy';
import type { Tx } from '../db/client';
import { checkObjectRule } from './object-access';
import { ifMatchVersion, setETag } from './versions';
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
  /** If-Match's version on a versioned write (shared/versioned.ts): checked by the service with the record locked. */
  version: number | undefined;
  /** Raw fields as sent, for calls that depend on which fields are present. */
  rawFields: Record<string, unknown>;
  request: FastifyRequest;
  reply: FastifyReply;
}

type BodyOut<K extends OperationName> = (typeof endpoints)[K] extends { body: infer S extends z.ZodType } ? z.output<S> : undefined;
type QueryOut<K extends OperationName> = (typeof endpoints)[K] extends { query: infer S extends z.ZodType } ? z.output<S> : undefined;

export type Handler<K extends OperationName> = (ctx: RouteContext<BodyOut<K>, QueryOut<K>>) => Promise<unknown>;

const ID_RE = /^[1-9]\d{0,9}$/;

/** The top-level fields a schema reads (z.object's shape); null when it is not an object schema (every field is looked at). */
function schemaFields(schema: unknown): string[] | null {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : null;
}

/**
 * The first of `names` (by name) whose text holds a NUL character, which PostgreSQL cannot store; null when none does.
 * Iterative (a body's depth is bounded by the JSON parser, but no stack is needed); fields the schema does not read are
 * dropped by it and never looked at.
 */
function fieldWithNul(fields: Record<string, unknown>, names: string[] | null): string | null {
  const stack: [string, unknown][] = [];
  for (const name of names ?? Object.keys(fields)) {
    if (name.includes('\u0000')) return name;
    if (Object.hasOwn(fields, name)) stack.push([name, fields[name]]);
  }
  stack.reverse();
  while (stack.length) {
    const [path, v] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return path;
    } else if (v && typeof v === 'object') {
      for (const [k, inner] of Object.entries(v)) {
        if (k.includes('\u0000')) return `${path}.${k}`;
        stack.push([`${path}.${k}`, inner]);
      }
    }
  }
  return null;
}
const refuseNul = (fields: unknown, names: string[] | null) => {
  if (!fields || typeof fields !== 'object') return;
  const field = fieldWithNul(fields as Record<string, unknown>, names);
  if (field) throw invalidFields({ [field]: [`The ${field.replace(/_/g, ' ')} field may not contain a NUL character.`] });
};

/**
 * Registers one operation of the shared contract: exact method and path under /api/,
 * access by the shared access policy (roles, then the record rule), `:id` checked, body and query validated by the contract's zod schemas (422 on failure).
 * Files are only read for operations that declare them; otherwise a multipart body's files are refused.
 */
export interface RouteOptions {
  /** Callers for whom the body is ignored rather than validated (a seller's redeem toggle ignores any fields). */
  ignoreBodyFor?: (user: AuthUser) => boolean;
}

export function route<K extends OperationName>(app: FastifyInstance, op: K, handler: Handler<K>, options: RouteOptions = {}): void {
  const def = endpoints[op];
  const policy: AccessRule = accessPolicy[op];
  // The database, for the record rules (looked up when needed: a bare app with no services has no record rules to check).
  const db = () => (app as unknown as { services: { database: { db: Tx } } }).services.database.db;
  const url = `/api/${def.path}`;
  const queryFields = 'query' in def && def.query ? schemaFields(def.query) : [];
  const bodyFields = 'body' in def && def.body ? schemaFields(def.body) : [];
  app.route({
    method: def.method,
    url,
    // A CSV download streams rows as they are read: never through the compressor (text/csv is compressible to
    // @fastify/compress, whose zlib work per written chunk cost 7x the export's time at 1M cards, and its buffers).
    ...('csv' in def && def.csv ? { compress: false as const } : {}),
    handler: async (request, reply) => {
      const user = request.user;
      // The access policy's roles (src/shared/access-policy.ts), before anything else.
      if (policy.roles !== 'public') {
        if (!user) throw unauthenticated();
        if (!roleMayCall(op, user.role)) throw forbidden();
      }
      let id = 0;
      if (def.path.includes(':id')) {
        const raw = (request.params as { id?: string }).id ?? '';
        if (!ID_RE.test(raw) || Number(raw) > 2147483647) throw new HttpError(404, { message: 'Not found.' });
        id = Number(raw);
      }
      let query: unknown = undefined;
      refuseNul(request.query, queryFields);
      if ('query' in def && def.query) {
        const parsed = (def.query as z.ZodType).safeParse(request.query ?? {});
        if (!parsed.success) throw invalidFields(zodToFieldErrors(parsed.error));
        query = parsed.data;
      }
      let body: unknown = undefined;
      let files: UploadedFile[] = [];
      let rawFields: Record<string, unknown> = {};
      if (def.method !== 'GET' && def.method !== 'DELETE') {
        const read = await readBody(request, { signedIn: policy.roles !== 'public', fileFields: ('files' in def && def.files) || [] });
        refuseNul(read.fields, bodyFields);
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
      // The policy's record rule, before the handler.
      if (user) await checkObjectRule(db, op, policy, user, id, body);
      const version = ifMatchVersion(op, request);
      const result = await handler({ user: user as AuthUser, id, body, query, files, version, rawFields, request, reply } as RouteContext<
        BodyOut<K>,
        QueryOut<K>
      >);
      // A handler that answered by itself (a stream, a file: it returns the reply) is done; every other answer is validated and
      // stripped by the operation's response schema: nothing leaves that the contract does not name.
      if (reply.sent || result === reply) return reply;
      setETag(op, reply, result);
      const forSeller = user?.role === 'seller' ? (sellerResponseSchemas as Partial<Record<OperationName, z.ZodType>>)[op] : undefined;
      const out = (forSeller ?? (responseSchemas[op] as z.ZodType)).safeParse(result);
      if (!out.success) {
        request.log.error({ op, issues: out.error.issues }, 'response does not match its schema');
        throw new Error(`response of ${op} does not match its schema`);
      }
      return out.data;
    },
  });
}
