import { allOperations, type Access, type Operation, type ServiceName } from '@kicksight/contracts';
import { edgeOperations } from '../docs/edge-operations.ts';

/** Who answers a path: one of the services (through the proxy) or the BFF itself. */
export type Owner = ServiceName | 'bff';

export interface RouteMatch {
  owner: Owner;
  access: Access;
  /** The access token may come as `?token=` (the event stream, which browsers open without headers). */
  queryToken: boolean;
  /** The row's path with its parameters unfilled (`/api/collections/{id}`): the route's name in metrics. */
  pattern: string;
}

interface Row extends RouteMatch {
  method?: string;
  /** Literal segments, or `*` for one segment of any value (`{id}` in the table). */
  segments: string[];
  /** `/x/*` matches `/x` and everything below it. */
  subtree: boolean;
}

type RowOptions = { access?: Access; method?: string; queryToken?: boolean };

function row(pattern: string, owner: Owner, { access = 'token', method, queryToken = false }: RowOptions = {}): Row {
  const subtree = pattern.endsWith('/*');
  const segments = (subtree ? pattern.slice(0, -2) : pattern)
    .split('/')
    .slice(1)
    .map((s) => (s.startsWith('{') ? '*' : s));
  return { owner, access, queryToken, method, segments, subtree, pattern };
}

const publicAuth = ['login', 'register', 'test-login', 'google', 'refresh', 'logout', 'forgot-password', 'reset-password', 'verify-reset-token', 'confirm-email-change', 'undo-email-change'];
const predictionViews = ['price-prediction', 'prediction-summary', 'volatility', 'support-resistance', 'forecast-accuracy'];
const bffDashboards = ['stats', 'trending', 'market-overview', 'value-metrics'];

/**
 * Every `/api` path and its owner (ARCHITECTURE.md, Decisions: the BFF's route table), with the access of
 * paths no operation documents; the most specific row wins. Documented operations take their access from
 * the operation itself (OPERATION_ROWS below), so the edge and the OpenAPI document read one table.
 */
const OWNER_ROWS: Row[] = [
  row('/api/auth/*', 'auth'),
  ...publicAuth.map((name) => row(`/api/auth/${name}`, 'auth', { access: 'public' })),
  row('/api/config', 'auth', { access: 'public' }),
  row('/api/user/profile', 'auth'),
  row('/api/user/password', 'auth'),
  row('/api/user/email-preferences', 'auth'),
  row('/api/user', 'auth', { method: 'DELETE' }),
  row('/api/user/api-keys/*', 'auth'),
  row('/api/admin/users', 'auth', { access: 'admin' }),

  row('/api/membership/*', 'billing'),
  row('/api/membership/plans', 'billing', { access: 'public' }),
  row('/api/membership/webhook', 'billing', { access: 'public' }),
  row('/api/membership/local/*', 'billing', { access: 'public' }),

  row('/api/sneakers/*', 'catalog'),
  row('/api/admin/market/*', 'catalog', { access: 'admin' }),
  row('/api/admin/integrations/*', 'catalog', { access: 'admin' }),
  row('/api/onboarding/sample-sneakers', 'catalog'),
  row('/api/admin/data-quality/*', 'catalog', { access: 'admin' }),

  ...predictionViews.map((view) => row(`/api/sneakers/{id}/${view}`, 'prediction')),
  row('/api/predictions/*', 'prediction'),

  row('/api/collections/*', 'collection'),
  row('/api/sales/*', 'collection'),
  row('/api/price-alerts/*', 'collection'),
  row('/api/watchlist/*', 'collection'),
  row('/api/user/preferences', 'collection'),
  row('/api/onboarding/complete', 'collection'),
  row('/api/analytics/*', 'collection'),
  row('/api/dashboard/portfolio-history', 'collection'),
  row('/api/dashboard/activity', 'collection'),

  row('/api/notifications/*', 'notifications'),
  row('/api/feedback/*', 'notifications'),
  row('/api/feedback', 'notifications', { method: 'POST', access: 'optional' }),
  row('/api/daily-digest/*', 'notifications'),
  row('/api/email-test/*', 'notifications'),

  ...bffDashboards.map((name) => row(`/api/dashboard/${name}`, 'bff')),
  row('/api/admin/analytics/dashboard', 'bff', { access: 'admin' }),
  row('/api/admin/system-health', 'bff', { access: 'admin' }),
  row('/api/demo/access', 'bff', { access: 'public' }),
  row('/api/demo/data', 'bff', { access: 'public' }),
  row('/api/events', 'bff', { queryToken: true }),
  row('/api/health', 'bff', { access: 'optional' }),
  row('/api/docs/*', 'bff', { access: 'public' }),
];

/** The row of the most specific pattern among `rows` that matches, if any (the first of equals). */
function bestRow(rows: Row[], method: string, segments: string[]): Row | undefined {
  let best: Row | undefined;
  for (const r of rows) if (matches(r, method, segments) && (!best || moreSpecific(r, best))) best = r;
  return best;
}

/** A documented operation's row: its owner (and query-token rule) from the owner rows, its access from the operation. */
function operationRow(op: Operation): Row {
  const method = op.method.toUpperCase();
  const segments = op.path.split('/').slice(1).map((s) => (s.startsWith('{') ? '*' : s));
  const owner = bestRow(OWNER_ROWS, method, segments);
  if (!owner) throw new Error(`no owner in the route table for ${method} ${op.path}`);
  return { ...owner, access: op.access, method, segments, subtree: false, pattern: op.path };
}

const OPERATION_ROWS = [...allOperations, ...edgeOperations].map(operationRow);

/** Segments of a path, or undefined for a path that could mean something else once normalised. */
function segmentsOf(path: string): string[] | undefined {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  const segments = trimmed.split('/').slice(1);
  for (const segment of segments) {
    // Only a segment with an escape can decode to something else.
    const decoded = segment.includes('%') ? decodedSegment(segment) : segment;
    if (decoded === undefined || decoded === '' || decoded === '.' || decoded === '..' || decoded.includes('/') || decoded.includes('\\')) return undefined;
  }
  return segments;
}

function decodedSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

function matches(r: Row, method: string | undefined, segments: string[]): boolean {
  if (method !== undefined && r.method && r.method !== method) return false;
  if (r.subtree ? segments.length < r.segments.length : segments.length !== r.segments.length) return false;
  for (let i = 0; i < r.segments.length; i++) if (r.segments[i] !== '*' && r.segments[i] !== segments[i]) return false;
  return true;
}

/** Deeper patterns first; then an exact path over a subtree; then literals over `{id}`; then a method-specific row. */
function specificity(r: Row): number[] {
  return [r.segments.length, r.subtree ? 0 : 1, r.segments.filter((s) => s !== '*').length, r.method ? 1 : 0];
}

function compareSpecificity(a: Row, b: Row): number {
  const [x, y] = [specificity(a), specificity(b)];
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return 0;
}

function moreSpecific(a: Row, b: Row): boolean {
  return compareSpecificity(a, b) > 0;
}

/**
 * Every row, the most specific first (a stable sort: equals keep the table's order), each with its answer
 * made once: the first row that matches a request is the one `bestRow` would choose.
 */
const ROWS_BY_SPECIFICITY = [...OWNER_ROWS, ...OPERATION_ROWS]
  .sort((a, b) => compareSpecificity(b, a))
  .map((r) => ({ row: r, match: Object.freeze<RouteMatch>({ owner: r.owner, access: r.access, queryToken: r.queryToken, pattern: r.pattern }) }));

/** The documented paths (operations' patterns), each with the methods documented there (GET brings HEAD), sorted. */
const DOCUMENTED_PATHS = [...Map.groupBy(OPERATION_ROWS, (r) => r.segments.join('/')).values()].map((rows) => {
  const methods = new Set(rows.map((r) => r.method!));
  if (methods.has('GET')) methods.add('HEAD');
  return { row: rows[0]!, methods: Object.freeze([...methods].sort()) };
});

/** Entries of `entries` whose rows can match a path of `length` segments, per length (made once for each). */
function byLength<T extends { row: Row }>(entries: T[]): (length: number) => T[] {
  const made = new Map<number, T[]>();
  return (length) => {
    let found = made.get(length);
    if (!found) {
      found = entries.filter(({ row: r }) => (r.subtree ? r.segments.length <= length : r.segments.length === length));
      made.set(length, found);
    }
    return found;
  };
}
const rowsFor = byLength(ROWS_BY_SPECIFICITY);
const documentedFor = byLength(DOCUMENTED_PATHS);

/** What the edge knows of a request: the methods documented at its path, and the row that claims it. */
export interface RouteLookup {
  allowed?: readonly string[];
  route?: RouteMatch;
}

/** `allowedMethods` and `resolveRoute` of one request at once (its path read once). */
export function lookupRoute(method: string, path: string): RouteLookup {
  const segments = segmentsOf(path);
  if (!segments) return {};
  return { allowed: allowedAt(segments), route: routeOf(method, segments) };
}

function allowedAt(segments: string[]): readonly string[] | undefined {
  let allowed: readonly string[] | undefined;
  for (const documented of documentedFor(segments.length)) {
    if (!matches(documented.row, undefined, segments)) continue;
    // A path that two documented patterns share (`/x/{id}` and `/x/stats`) answers the methods of both.
    allowed = allowed ? [...new Set([...allowed, ...documented.methods])].sort() : documented.methods;
  }
  return allowed;
}

function routeOf(method: string, segments: string[]): RouteMatch | undefined {
  if (segments[0] !== 'api') return undefined;
  const upper = method.toUpperCase();
  const verb = upper === 'HEAD' ? 'GET' : upper;
  return rowsFor(segments.length).find(({ row: r }) => matches(r, verb, segments))?.match;
}

/**
 * The methods the operations documented at a path answer (GET brings HEAD), sorted; undefined when no
 * operation documents the path. Any other method there is answered 405 with these in `Allow`.
 */
export const allowedMethods = (path: string): readonly string[] | undefined => lookupRoute('GET', path).allowed;

/** The owner and access rule of a request, or undefined when no row claims it (answered 404). */
export const resolveRoute = (method: string, path: string): RouteMatch | undefined => lookupRoute(method, path).route;
