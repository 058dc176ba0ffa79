import { z } from 'zod';
import { endpoints, type EndpointDef, type OperationName } from '../shared/endpoints';
import { errorResponse, responseSchemas } from '../shared/responses';
import { accessPolicy, isPublicOperation } from '../shared/access-policy';
import { VERSIONED_READS, VERSIONED_WRITES } from '../shared/versioned';

const errorSchema = z.toJSONSchema(errorResponse);

function jsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): unknown {
  try {
    return z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  } catch {
    return { type: 'object' };
  }
}

/** OpenAPI 3.1 document generated from the same contract and zod schemas that validate requests. */
export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, d] of Object.entries(endpoints) as [string, EndpointDef][]) {
    const p = `/api/${d.path.replace(':id', '{id}')}`;
    const parameters: unknown[] = [];
    if (d.path.includes(':id')) parameters.push({ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } });
    if (d.query) {
      const qs = jsonSchema(d.query) as { properties?: Record<string, unknown>; required?: string[] };
      for (const [qn, qsch] of Object.entries(qs.properties ?? {}))
        parameters.push({ name: qn, in: 'query', required: qs.required?.includes(qn) ?? false, schema: qsch });
    }
    const op: Record<string, unknown> = {
      operationId: name,
      summary: d.summary,
      security: isPublicOperation(name as OperationName) ? [] : [{ bearer: [] }],
      // The access policy: roles and the record rule (and whether a seller's answer leaves staff-only fields out).
      'x-access': accessPolicy[name as OperationName],
      parameters,
      responses: {
        200: {
          description: 'Success',
          content:
            'csv' in d && d.csv
              ? { 'text/csv': { schema: { type: 'string' } } }
              : { 'application/json': { schema: jsonSchema(responseSchemas[name as OperationName], 'output') } },
        },
        401: { description: 'No valid token', content: { 'application/json': { schema: errorSchema } } },
        403: { description: 'Not allowed for this role or record', content: { 'application/json': { schema: errorSchema } } },
        404: { description: 'Not found', content: { 'application/json': { schema: errorSchema } } },
        422: { description: 'Invalid fields or a business refusal', content: { 'application/json': { schema: errorSchema } } },
      },
    };
    // Stale decisions (issue 29): versioned reads answer an ETag; versioned writes honour If-Match (412 when stale).
    const responses = op.responses as Record<string, unknown>;
    if (VERSIONED_READS[name as OperationName])
      (responses['200'] as Record<string, unknown>).headers = { ETag: { description: "The record's version", schema: { type: 'string' } } };
    if (VERSIONED_WRITES[name as OperationName]) {
      parameters.push({ name: 'If-Match', in: 'header', required: false, schema: { type: 'string' } });
      responses['412'] = {
        description: 'The record changed since the version sent in If-Match',
        content: { 'application/json': { schema: errorSchema } },
      };
    }
    if (d.body) {
      const schema = jsonSchema(d.body) as Record<string, unknown>;
      const content: Record<string, unknown> = {
        'application/json': { schema },
        'application/x-www-form-urlencoded': { schema },
      };
      if (d.files?.length) {
        const props = { ...((schema.properties as object) ?? {}) } as Record<string, unknown>;
        for (const f of d.files) props[f === 'gallery' ? 'gallery[i]' : f] = { type: 'string', format: 'binary' };
        content['multipart/form-data'] = { schema: { ...schema, properties: props } };
      } else {
        content['multipart/form-data'] = { schema };
      }
      op.requestBody = { required: true, content };
    }
    (paths[p] ??= {})[d.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Gift Card Back-Office API', version: '1.0.0' },
    servers: [{ url: '/' }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}
