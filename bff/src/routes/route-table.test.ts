import { describe, expect, it } from 'vitest';
import { allowedMethods, lookupRoute, resolveRoute } from './route-table.ts';

type Case = [method: string, path: string, owner: string, access?: string];

const cases: Case[] = [
  // auth
  ['POST', '/api/auth/login', 'auth', 'public'],
  ['POST', '/api/auth/register', 'auth', 'public'],
  ['POST', '/api/auth/test-login', 'auth', 'public'],
  ['GET', '/api/config', 'auth', 'public'],
  ['POST', '/api/auth/google', 'auth', 'public'],
  ['POST', '/api/auth/refresh', 'auth', 'public'],
  ['POST', '/api/auth/logout', 'auth', 'public'],
  ['POST', '/api/auth/forgot-password', 'auth', 'public'],
  ['POST', '/api/auth/reset-password', 'auth', 'public'],
  ['GET', '/api/auth/verify-reset-token', 'auth', 'public'],
  ['POST', '/api/auth/confirm-email-change', 'auth', 'public'],
  ['POST', '/api/auth/undo-email-change', 'auth', 'public'],
  ['GET', '/api/auth/verify', 'auth', 'token'],
  ['GET', '/api/auth/me', 'auth', 'token'],
  ['GET', '/api/auth/profile', 'auth', 'token'],
  ['GET', '/api/user/profile', 'auth', 'token'],
  ['PUT', '/api/user/profile', 'auth', 'token'],
  ['PUT', '/api/user/password', 'auth', 'token'],
  ['PUT', '/api/user/email-preferences', 'auth', 'token'],
  ['DELETE', '/api/user', 'auth', 'token'],
  ['DELETE', '/api/user/', 'auth', 'token'],
  ['GET', '/api/user/api-keys', 'auth', 'token'],
  ['POST', '/api/user/api-keys', 'auth', 'token'],
  ['DELETE', '/api/user/api-keys/k1', 'auth', 'token'],
  ['GET', '/api/admin/users', 'auth', 'admin'],
  // billing
  ['GET', '/api/membership/plans', 'billing', 'public'],
  ['POST', '/api/membership/webhook', 'billing', 'public'],
  ['GET', '/api/membership/local/checkout/abc', 'billing', 'public'],
  ['POST', '/api/membership/local/portal/cancel', 'billing', 'public'],
  ['GET', '/api/membership/status', 'billing', 'token'],
  ['GET', '/api/membership/check/search', 'billing', 'token'],
  ['POST', '/api/membership/checkout', 'billing', 'token'],
  ['POST', '/api/membership/change-plan/preview', 'billing', 'token'],
  ['POST', '/api/membership/change-plan', 'billing', 'token'],
  // catalog
  ['GET', '/api/sneakers', 'catalog', 'token'],
  ['GET', '/api/sneakers/abc', 'catalog', 'token'],
  ['GET', '/api/sneakers/abc/sales', 'catalog', 'token'],
  ['GET', '/api/sneakers/abc/sales/daily', 'catalog', 'token'],
  ['GET', '/api/sneakers/search/suggestions', 'catalog', 'token'],
  ['GET', '/api/onboarding/sample-sneakers', 'catalog', 'token'],
  // prediction
  ['GET', '/api/sneakers/abc/price-prediction', 'prediction', 'token'],
  ['GET', '/api/sneakers/abc/prediction-summary', 'prediction', 'token'],
  ['GET', '/api/sneakers/abc/volatility', 'prediction', 'token'],
  ['GET', '/api/sneakers/abc/support-resistance', 'prediction', 'token'],
  ['GET', '/api/sneakers/abc/forecast-accuracy', 'prediction', 'token'],
  ['POST', '/api/predictions/track-record/run', 'prediction', 'admin'],
  ['GET', '/api/predictions/trends', 'prediction', 'token'],
  ['GET', '/api/predictions', 'prediction', 'token'],
  // collection
  ['GET', '/api/collections', 'collection', 'token'],
  ['POST', '/api/collections/items', 'collection', 'token'],
  ['GET', '/api/price-alerts', 'collection', 'token'],
  ['PATCH', '/api/price-alerts/a1', 'collection', 'token'],
  ['DELETE', '/api/price-alerts/a1', 'collection', 'token'],
  ['GET', '/api/watchlist', 'collection', 'token'],
  ['POST', '/api/watchlist/s1', 'collection', 'token'],
  ['GET', '/api/user/preferences', 'collection', 'token'],
  ['PUT', '/api/user/preferences', 'collection', 'token'],
  ['POST', '/api/onboarding/complete', 'collection', 'token'],
  ['GET', '/api/analytics/portfolio', 'collection', 'token'],
  ['GET', '/api/dashboard/portfolio-history', 'collection', 'token'],
  ['GET', '/api/dashboard/activity', 'collection', 'token'],
  // notifications
  ['GET', '/api/notifications', 'notifications', 'token'],
  ['PUT', '/api/notifications/n1/read', 'notifications', 'token'],
  ['POST', '/api/feedback', 'notifications', 'optional'],
  ['GET', '/api/feedback', 'notifications', 'token'],
  ['GET', '/api/feedback/stats', 'notifications', 'token'],
  ['POST', '/api/daily-digest/send', 'notifications', 'token'],
  ['POST', '/api/email-test/welcome', 'notifications', 'token'],
  // the BFF itself
  ['GET', '/api/dashboard/stats', 'bff', 'token'],
  ['GET', '/api/dashboard/trending', 'bff', 'token'],
  ['GET', '/api/dashboard/market-overview', 'bff', 'token'],
  ['GET', '/api/dashboard/value-metrics', 'bff', 'token'],
  ['GET', '/api/admin/analytics/dashboard', 'bff', 'admin'],
  // catalog's market sources and the StockX link
  ['GET', '/api/sneakers/s1/market', 'catalog', 'token'],
  ['GET', '/api/admin/market/sources', 'catalog', 'admin'],
  ['POST', '/api/admin/integrations/stockx/link', 'catalog', 'admin'],
  ['GET', '/api/admin/integrations/stockx/callback', 'catalog', 'admin'],
  ['DELETE', '/api/admin/integrations/stockx', 'catalog', 'admin'],
  ['GET', '/api/admin/data-quality', 'catalog', 'admin'],
  ['POST', '/api/admin/data-quality/0123456789abcdef01234567/release', 'catalog', 'admin'],
  ['POST', '/api/demo/access', 'bff', 'public'],
  ['GET', '/api/events', 'bff', 'token'],
  ['GET', '/api/health', 'bff', 'optional'],
  ['GET', '/api/docs', 'bff', 'public'],
  ['GET', '/api/docs/openapi.json', 'bff', 'public'],
  ['GET', '/api/docs/swagger-ui.css', 'bff', 'public'],
  ['HEAD', '/api/health', 'bff', 'optional'],
  // nobody
  ['GET', '/api/user', 'none'],
  ['PUT', '/api/user', 'none'],
  ['GET', '/api/user/settings', 'none'],
  ['GET', '/api/internal/x', 'none'],
  ['GET', '/internal/api-keys/verify', 'none'],
  ['GET', '/api/admin/other', 'none'],
  ['GET', '/api/dashboard', 'none'],
  ['GET', '/api/dashboard/unknown', 'none'],
  ['GET', '/api/nothing', 'none'],
  ['GET', '/api', 'none'],
  ['GET', '/', 'none'],
  ['GET', '/apix/auth/login', 'none'],
  ['GET', '/api/sneakersx', 'none'],
  ['GET', '/api/onboarding', 'none'],
  ['GET', '/api/events/extra', 'none'],
  // paths that would mean something else once normalised
  ['GET', '/api/sneakers/../internal/x', 'none'],
  ['GET', '/api/sneakers/%2e%2e/admin/users', 'none'],
  ['GET', '/api/sneakers/a%2Fb', 'none'],
  ['GET', '/api//sneakers', 'none'],
  ['GET', '/api/sneakers/%E0%A4%A', 'none'],
];

describe('resolveRoute', () => {
  it.each(cases)('%s %s -> %s (%s)', (method, path, owner, access) => {
    const route = resolveRoute(method, path);
    if (owner === 'none') {
      expect(route).toBeUndefined();
      return;
    }
    expect(route).toMatchObject({ owner, access });
  });

  it('names each route by its pattern, never by the ids in a path (the label of its HTTP metrics)', () => {
    expect(resolveRoute('GET', '/api/collections')?.pattern).toBe('/api/collections');
    const item = resolveRoute('PUT', '/api/collections/3f1c2a9e-5b7d-4c1e-9a0b-2d4e6f8a1c3b')?.pattern;
    expect(item).toMatch(/^\/api\/collections\/\{\w+\}$/);
  });

  it('lets only the event stream take its token from the query string', () => {
    expect(resolveRoute('GET', '/api/events')?.queryToken).toBe(true);
    expect(resolveRoute('GET', '/api/collections')?.queryToken).toBe(false);
    expect(resolveRoute('GET', '/api/auth/me')?.queryToken).toBe(false);
  });

  it('matches methods case-insensitively', () => {
    expect(resolveRoute('delete', '/api/user')?.owner).toBe('auth');
    expect(resolveRoute('post', '/api/feedback')?.access).toBe('optional');
  });
});

describe('one table for the edge and the OpenAPI document', () => {
  it('gives every documented operation the access its contract states', async () => {
    const { allOperations } = await import('@kicksight/contracts');
    const { edgeOperations } = await import('../docs/edge-operations.ts');
    const disagreements = [...allOperations, ...edgeOperations].flatMap((op) => {
      const match = resolveRoute(op.method.toUpperCase(), op.path.replace(/\{[^}]+\}/g, 'id-1'));
      return match?.access === op.access ? [] : [`${op.method} ${op.path}: contract ${op.access}, edge ${match?.access ?? 'no route'}`];
    });
    expect(disagreements).toEqual([]);
  });

  it('asks an administrator at the edge for the administrators’ operations', () => {
    expect(resolveRoute('POST', '/api/email-test/test-all-templates')?.access).toBe('admin');
    expect(resolveRoute('POST', '/api/predictions/cache/clear')?.access).toBe('admin');
    expect(resolveRoute('GET', '/api/email-test/anything-undocumented')?.access).toBe('token');
  });
});

describe('allowedMethods', () => {
  it('lists the methods documented at a path, GET bringing HEAD', () => {
    expect(allowedMethods('/api/user')).toEqual(['DELETE']);
    expect(allowedMethods('/api/collections/item-1')).toEqual(['DELETE', 'GET', 'HEAD', 'PUT']);
    expect(allowedMethods('/api/collections/item-1/')).toEqual(['DELETE', 'GET', 'HEAD', 'PUT']);
    expect(allowedMethods('/api/feedback')).toEqual(['POST']);
  });

  it('joins the operations of an {id} pattern and a literal path that both match', () => {
    expect(allowedMethods('/api/collections/stats')).toEqual(['DELETE', 'GET', 'HEAD', 'PUT']);
  });

  it('says nothing of a path no operation documents', () => {
    expect(allowedMethods('/api/nothing-here')).toBeUndefined();
    expect(allowedMethods('/api/membership/local/portal/u1')).toBeUndefined();
    expect(allowedMethods('/api/sneakers/..%2finternal')).toBeUndefined();
  });
});

describe('lookupRoute', () => {
  it('answers the documented methods and the row of a request at once, as allowedMethods and resolveRoute do', () => {
    const paths = ['/api/collections/item-1', '/api/collections/stats', '/api/auth/verify', '/api/user', '/api/email-test/anything-undocumented', '/api/nothing-here', '/api/sneakers/..%2finternal', '/health'];
    for (const path of paths) {
      for (const method of ['GET', 'HEAD', 'POST', 'DELETE']) expect(lookupRoute(method, path)).toEqual({ allowed: allowedMethods(path), route: resolveRoute(method, path) });
    }
    expect(lookupRoute('PATCH', '/api/collections/item-1')).toEqual({ allowed: ['DELETE', 'GET', 'HEAD', 'PUT'], route: { owner: 'collection', access: 'token', queryToken: false, pattern: '/api/collections/*' } });
    expect(lookupRoute('GET', '/api/sneakers/%E0%A4%A')).toEqual({});
  });
});
