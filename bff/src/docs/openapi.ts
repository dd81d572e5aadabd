import { z } from 'zod';
import { errorBodySchema, type Operation } from '@kicksight/contracts';

type JsonSchema = Record<string, unknown>;
type Io = 'input' | 'output';

/** JSON Schema (2020-12, the dialect of OpenAPI 3.1) of a zod schema, without the `$schema` marker. */
function jsonSchema(schema: z.ZodType, io: Io): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

const ERROR_REF = { $ref: '#/components/responses/Error' };

function pathParameters(path: string) {
  return [...path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
}

function queryParameters(query: z.ZodType | undefined) {
  if (!query) return [];
  const schema = jsonSchema(query, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: schema.required?.includes(name) ?? false,
    schema: property,
  }));
}

function security(op: Operation) {
  if (op.access === 'token' || op.access === 'admin') return { security: [{ bearerAuth: [] }] };
  if (op.access === 'optional') return { security: [{}, { bearerAuth: [] }] };
  return {};
}

const SUCCESS = { 200: 'OK', 201: 'Created', 202: 'Accepted' } as const;

function responses(op: Operation, parameters: unknown[]) {
  const status = op.status ?? 200;
  const success = op.response
    ? {
        description: SUCCESS[status],
        content: { 'application/json': { schema: { type: 'object', properties: { data: jsonSchema(op.response, 'output') }, required: ['data'] } } },
      }
    : { description: SUCCESS[status] };
  const codes = op.errors?.length ? ` May answer with code ${op.errors.join(', ')}.` : '';
  return {
    [String(status)]: success,
    ...(op.body || parameters.length > 0 ? { '400': { ...ERROR_REF, description: 'Invalid input' } } : {}),
    ...(op.access === 'token' || op.access === 'admin' ? { '401': ERROR_REF } : {}),
    ...(op.access === 'admin' ? { '403': ERROR_REF } : {}),
    '429': ERROR_REF,
    default: { description: `An error.${codes}`, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } },
  };
}

const operationId = (op: Operation) =>
  op.method +
  op.path
    .replace(/^\/api/, '')
    .split(/[/{}-]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');

function operation(op: Operation) {
  const parameters = [...pathParameters(op.path), ...queryParameters(op.query)];
  return {
    operationId: operationId(op),
    summary: op.summary,
    tags: [op.tag],
    ...security(op),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(op.body, 'input') } } } } : {}),
    responses: responses(op, parameters),
    ...(op.errors?.length ? { 'x-error-codes': op.errors } : {}),
  };
}

/** The OpenAPI 3.1 document of the public API, generated from the operation registry of the contracts. */
export function buildOpenApiDocument(operations: Operation[], info: { title: string; version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) (paths[op.path] ??= {})[op.method] = operation(op);
  return {
    openapi: '3.1.0',
    info: {
      ...info,
      description:
        'Success answers are `{ "data": ... }`; errors are `{ "message", "code" }`. Mutations accept an `Idempotency-Key` header.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'An access token, or a personal API key (`ks_live_...`, read requests only).',
        },
      },
      schemas: { ErrorBody: jsonSchema(errorBodySchema, 'output') },
      responses: {
        Error: { description: 'An error', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } },
      },
    },
  };
}
