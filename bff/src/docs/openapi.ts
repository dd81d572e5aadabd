import { z } from 'zod';
import { SAFE_TEXT_PATTERN, errorBodySchema, type Operation } from '@kicksight/contracts';

type JsonSchema = Record<string, unknown>;
type Io = 'input' | 'output';

/**
 * JSON Schema (2020-12, the dialect of OpenAPI 3.1) of a zod schema, without the `$schema` marker. What a client
 * sends (`input`) also states the server's one text rule: every string and property name is safe text.
 */
function jsonSchema(schema: z.ZodType, io: Io): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return io === 'input' ? withSafeText(rest) : rest;
}

const SAFE_TEXT = { pattern: SAFE_TEXT_PATTERN };
const SAFE_JSON_REF = { $ref: '#/components/schemas/SafeJson' };
/** Any JSON value whose strings and property names are all safe text. */
const SAFE_JSON = {
  anyOf: [
    { type: ['null', 'boolean', 'number'] },
    { type: 'string', pattern: SAFE_TEXT_PATTERN },
    { type: 'array', items: SAFE_JSON_REF },
    { type: 'object', propertyNames: SAFE_TEXT, additionalProperties: SAFE_JSON_REF },
  ],
};
const SUBSCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;
const SUBSCHEMAS = ['items', 'additionalProperties', 'not'] as const;

/** The schema with the safe-text pattern on every string (beside a pattern of its own) and every object's property names. */
function withSafeText(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = { ...schema };
  const types = ([] as unknown[]).concat(schema.type ?? []);
  if (types.includes('string') && schema.format !== 'binary' && schema.enum === undefined && schema.const === undefined) {
    if (schema.pattern === undefined) out.pattern = SAFE_TEXT_PATTERN;
    else out.allOf = [...((schema.allOf as JsonSchema[] | undefined) ?? []), SAFE_TEXT];
  }
  if (types.includes('object')) {
    if (schema.propertyNames === undefined) out.propertyNames = SAFE_TEXT;
    // Properties the operation does not name are ignored, but their text is checked like the rest.
    if (schema.additionalProperties === undefined) out.additionalProperties = SAFE_JSON_REF;
  }
  if (schema.properties) out.properties = Object.fromEntries(Object.entries(schema.properties as Record<string, JsonSchema>).map(([name, inner]) => [name, withSafeText(inner)]));
  for (const key of SUBSCHEMA_LISTS) if (Array.isArray(schema[key])) out[key] = (out[key] as JsonSchema[]).map((inner) => (inner === SAFE_TEXT ? inner : withSafeText(inner)));
  for (const key of SUBSCHEMAS) if (schema[key] && typeof schema[key] === 'object') out[key] = withSafeText(schema[key] as JsonSchema);
  return out;
}

const ERROR_REF = { $ref: '#/components/responses/Error' };

function pathParameters(op: Operation) {
  const declared = op.params ? propertiesOf(op.params) : {};
  return [...op.path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => ({ name: name!, in: 'path', required: true, schema: declared[name!] ?? { type: 'string' } }));
}

const propertiesOf = (schema: z.ZodType) => (jsonSchema(schema, 'input') as { properties?: Record<string, JsonSchema> }).properties ?? {};

/** The query's or the headers' fields as parameters `in` that place. */
function namedParameters(schema: z.ZodType | undefined, where: 'query' | 'header') {
  if (!schema) return [];
  const { required = [] } = jsonSchema(schema, 'input') as { required?: string[] };
  return Object.entries(propertiesOf(schema)).map(([name, property]) => ({ name, in: where, required: required.includes(name), schema: property }));
}

/** The request body: JSON and any other media types; optional when `{}` passes the JSON schema (a missing body is read as `{}`). */
function requestBody(op: Operation) {
  if (!op.body) return {};
  const content: Record<string, { schema: JsonSchema }> = { 'application/json': { schema: jsonSchema(op.body, 'input') } };
  for (const [type, schema] of Object.entries(op.otherBodies ?? {})) content[type] = { schema: jsonSchema(schema, 'input') };
  return { requestBody: { required: !op.body.safeParse({}).success, content } };
}

function security(op: Operation) {
  if (op.access === 'token' || op.access === 'admin') return { security: [{ bearerAuth: [] }] };
  if (op.access === 'optional') return { security: [{}, { bearerAuth: [] }] };
  return {};
}

/** The 400 answer: the shared error body, or also the operation's own refusal with its details. */
function invalidInput(op: Operation) {
  if (!op.refusal) return { ...ERROR_REF, description: 'Invalid input' };
  const schema = { anyOf: [{ $ref: '#/components/schemas/ErrorBody' }, jsonSchema(op.refusal, 'output')] };
  return { description: 'Invalid input', content: { 'application/json': { schema } } };
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
    ...(op.body || parameters.length > 0 ? { '400': invalidInput(op) } : {}),
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
  const parameters = [...pathParameters(op), ...namedParameters(op.query, 'query'), ...namedParameters(op.headers, 'header')];
  return {
    operationId: operationId(op),
    summary: op.summary,
    tags: [op.tag],
    ...security(op),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...requestBody(op),
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
      schemas: { ErrorBody: jsonSchema(errorBodySchema, 'output'), SafeJson: SAFE_JSON },
      responses: {
        Error: { description: 'An error', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } },
      },
    },
  };
}
