import { describe, expect, it } from 'vitest';
import { SAFE_TEXT_PATTERN, allOperations, isSafeText, predictionOptionsSchema, sizeSchema } from '@kicksight/contracts';
import { buildOpenApiDocument } from './openapi.ts';
import { edgeOperations } from './edge-operations.ts';

const operations = [...allOperations, ...edgeOperations];
const doc = buildOpenApiDocument(operations, { title: 'Kicksight API', version: '1.0.0' });
type Op = {
  operationId: string;
  security?: unknown[];
  parameters?: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  requestBody?: { required: boolean; content: Record<string, { schema: { type: string; properties: Record<string, unknown>; required?: string[] } }> };
  responses: Record<string, { content?: Record<string, { schema: { properties: Record<string, unknown>; required: string[] } }> }>;
  'x-error-codes'?: string[];
};
const op = (method: string, path: string) => (doc.paths[path] as Record<string, Op> | undefined)?.[method];

describe('buildOpenApiDocument', () => {
  it('is an OpenAPI 3.1 document with a bearer scheme and the shared error body', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.schemas.ErrorBody).toMatchObject({ type: 'object', required: ['message', 'code'] });
    expect(JSON.stringify(doc)).not.toContain('"$schema"');
  });

  it('lists every operation of the registry, with a unique operation id', () => {
    for (const { method, path } of operations) expect(op(method, path), `${method} ${path}`).toBeDefined();
    const ids = operations.map(({ method, path }) => op(method, path)!.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('asks no token of a public operation and a bearer token of the others', () => {
    expect(op('post', '/api/auth/login')!.security).toBeUndefined();
    expect(op('post', '/api/auth/login')!.responses['401']).toBeUndefined();
    expect(op('get', '/api/auth/me')!.security).toEqual([{ bearerAuth: [] }]);
    expect(op('get', '/api/auth/me')!.responses['401']).toBeDefined();
    expect(op('get', '/api/admin/users')!.security).toEqual([{ bearerAuth: [] }]);
    expect(op('get', '/api/admin/users')!.responses['403']).toBeDefined();
  });

  it('describes a request body with its required fields', () => {
    const body = op('post', '/api/auth/register')!.requestBody!;
    expect(body.required).toBe(true);
    const schema = body.content['application/json']!.schema;
    expect(schema.type).toBe('object');
    expect(schema.required).toEqual(expect.arrayContaining(['name', 'email', 'password']));
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['name', 'email', 'password']));
  });

  it('wraps success answers in { data } and lists the operation’s own error codes', () => {
    const ok = op('post', '/api/auth/login')!.responses['200']!.content!['application/json']!.schema;
    expect(ok.required).toEqual(['data']);
    expect(ok.properties.data).toMatchObject({ type: 'object', properties: { user: expect.any(Object), tokens: expect.any(Object) } });
    expect(op('post', '/api/auth/login')!['x-error-codes']).toContain('INVALID_CREDENTIALS');
  });

  it('turns query schemas and path templates into parameters', () => {
    expect(op('get', '/api/admin/users')!.parameters).toEqual([
      { name: 'limit', in: 'query', required: false, schema: expect.objectContaining({ type: 'integer', maximum: 100 }) },
    ]);
    expect(op('delete', '/api/user/api-keys/{id}')!.parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]);
  });

  it('states the constraints the server enforces: path enums, required headers, flags, brand lists and bulk items', () => {
    expect(op('get', '/api/membership/check/{action}')!.parameters).toEqual([
      { name: 'action', in: 'path', required: true, schema: expect.objectContaining({ type: 'string', enum: expect.arrayContaining(['search', 'product_view', 'api_access']) }) },
    ]);
    expect(op('post', '/api/membership/webhook')!.parameters).toEqual([{ name: 'stripe-signature', in: 'header', required: true, schema: expect.objectContaining({ type: 'string', minLength: 1 }) }]);
    const trending = op('get', '/api/collections/related/trending')!.parameters!.find((p) => p.name === 'excludeOwned')!;
    expect(trending.schema).toMatchObject({ type: 'string', enum: ['true', 'false'], default: 'true' });
    const brands = op('get', '/api/collections')!.parameters!.find((p) => p.name === 'brands')!.schema as { anyOf: { pattern?: string }[] };
    const pattern = new RegExp(brands.anyOf[0]!.pattern!);
    expect(pattern.test('Nike, New Balance')).toBe(true);
    expect(pattern.test('x'.repeat(41))).toBe(false);
    const bulk = op('post', '/api/collections/items')!.requestBody!.content['application/json']!.schema.properties.items as { items: { required: string[] } };
    expect(bulk.items.required).toContain('purchasePrice');
  });

  it('states the rules that were checks of code before: sizes, forecast horizons, an item by sneaker or by name and brand', () => {
    const size = op('get', '/api/sneakers/{id}/sales/daily')!.parameters!.find((p) => p.name === 'size')!.schema;
    expect(size).toMatchObject({ minimum: 3.5, maximum: 20, multipleOf: 0.5 });
    for (const value of [3, 3.5, 10.25, 10.5, 20, 20.5]) expect(sizeSchema.safeParse(value).success, String(value)).toBe(value >= 3.5 && value <= 20 && (value * 2) % 1 === 0);

    const timeframe = op('get', '/api/sneakers/{id}/price-prediction')!.parameters!.find((p) => p.name === 'timeframe')!.schema as { anyOf: { pattern?: string; maximum?: number }[] };
    const documented = new RegExp(timeframe.anyOf.find((s) => s.pattern)!.pattern!);
    expect(timeframe.anyOf.find((s) => s.maximum !== undefined)).toMatchObject({ type: 'integer', minimum: 1, maximum: 90 });
    for (let n = 0; n < 1000; n++) {
      for (const text of [String(n), `${n}d`, String(n).padStart(3, '0')]) {
        expect(documented.test(text), text).toBe(predictionOptionsSchema.shape.timeframe.safeParse(text).success);
      }
    }

    const item = op('post', '/api/collections')!.requestBody!.content['application/json']!.schema as unknown as { anyOf: { required: string[] }[] };
    expect(item.anyOf).toEqual([{ required: ['sneakerId'] }, { required: ['name', 'brand'] }]);
  });

  it('states the one text rule on every string a client sends and on property names, as the server checks it', () => {
    const register = op('post', '/api/auth/register')!.requestBody!.content['application/json']!.schema as unknown as { propertyNames: { pattern: string }; properties: Record<string, { pattern?: string; allOf?: unknown[] }> };
    expect(register.propertyNames).toEqual({ pattern: SAFE_TEXT_PATTERN });
    // Properties it does not name are ignored, but must be safe text all the way down too.
    expect((register as unknown as { additionalProperties: unknown }).additionalProperties).toEqual({ $ref: '#/components/schemas/SafeJson' });
    expect(JSON.stringify(doc.components.schemas.SafeJson)).toContain(JSON.stringify(SAFE_TEXT_PATTERN));
    expect(register.properties.name!.pattern).toBe(SAFE_TEXT_PATTERN);
    // A string with a pattern of its own keeps it, and states the text rule beside it.
    const brands = op('get', '/api/collections')!.parameters!.find((p) => p.name === 'brands')!.schema as { anyOf: { allOf?: unknown[] }[] };
    expect(brands.anyOf[0]!.allOf).toEqual([{ pattern: SAFE_TEXT_PATTERN }]);
    const safe = new RegExp(SAFE_TEXT_PATTERN, 'u');
    for (const text of ['Air Jordan 1', 'tab\there', 'line\nbreak', 'emoji 😀', 'nul\u0000', 'bell\u0007', 'del\u007f', 'lone \ud800', 'lone \udfff']) {
      expect(safe.test(text), JSON.stringify(text)).toBe(isSafeText(text));
    }
  });

  it('marks a body optional exactly when an empty one is accepted, and lists the other media types an operation takes', () => {
    for (const [method, path] of [['delete', '/api/user'], ['post', '/api/auth/logout'], ['post', '/api/onboarding/complete'], ['put', '/api/user/preferences']] as const) {
      expect(op(method, path)!.requestBody!.required, `${method} ${path}`).toBe(false);
    }
    expect(op('post', '/api/auth/login')!.requestBody!.required).toBe(true);
    const upload = op('post', '/api/collections/import')!.requestBody!;
    expect(Object.keys(upload.content).sort()).toEqual(['application/json', 'multipart/form-data', 'text/csv']);
    expect(upload.content['multipart/form-data']!.schema.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(upload.content['application/json']!.schema.required).toEqual(['csv']);
    const refused = op('post', '/api/collections/import')!.responses['400']!.content!['application/json']!.schema as unknown as { anyOf: { required?: string[] }[] };
    expect(refused.anyOf[1]!.required).toEqual(expect.arrayContaining(['message', 'code', 'errors']));
  });

  it('documents the BFF’s own demo gate as public', () => {
    const demo = op('post', '/api/demo/access')!;
    expect(demo.security).toBeUndefined();
    expect(demo.requestBody!.content['application/json']!.schema.properties).toHaveProperty('password');
  });

  it('documents 201 for what creates and 202 for what is accepted, each with its data', () => {
    const created = [
      ['post', '/api/auth/register'],
      ['post', '/api/user/api-keys'],
      ['post', '/api/collections'],
      ['post', '/api/collections/items'],
      ['post', '/api/collections/import'],
      ['post', '/api/collections/{id}/photos'],
      ['post', '/api/price-alerts'],
      ['post', '/api/watchlist'],
      ['post', '/api/feedback'],
    ];
    for (const [method, path] of created) {
      const responses = op(method!, path!)!.responses;
      expect(Object.keys(responses).filter((code) => /^2/.test(code)), `${method} ${path}`).toEqual(['201']);
      expect(responses['201']!.content!['application/json']!.schema.required).toEqual(['data']);
    }
    const track = op('post', '/api/membership/track')!.responses;
    expect(Object.keys(track).filter((code) => /^2/.test(code))).toEqual(['202']);
    expect(track['202']!.content!['application/json']!.schema.properties.data).toMatchObject({ properties: { recorded: { const: true } } });
    expect(Object.keys(op('post', '/api/auth/login')!.responses).filter((code) => /^2/.test(code))).toEqual(['200']);
  });
});
