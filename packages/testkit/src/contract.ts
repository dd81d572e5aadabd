import { allOperations, errorBodySchema, internalOperations, type InternalOperation } from '@kicksight/contracts';

/** An answer that breaks the API contract its operation documents. */
export class ContractViolation extends Error {
  override name = 'ContractViolation';
}

interface Route {
  operation: InternalOperation;
  pattern: RegExp;
}

/** `/api/sneakers/{id}/market` as a pattern matching one segment per parameter. */
const patternOf = (path: string) => new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\\{[^}]+\\\}|\{[^}]+\}/g, '[^/]+')}$`);

/** The public API's operations and the internal answers services read from each other; literal paths win over templated ones (`/api/collections/stats` before `/api/collections/{id}`). */
const ROUTES: Route[] = [...allOperations, ...internalOperations]
  .map((operation) => ({ operation, pattern: patternOf(operation.path) }))
  .sort((a, b) => (a.operation.path.match(/\{/g)?.length ?? 0) - (b.operation.path.match(/\{/g)?.length ?? 0));

/** The contract's operation for a method and a path (its query string ignored), if the contract has one. */
export function operationOf(method: string, path: string): InternalOperation | undefined {
  const pathname = new URL(path, 'http://contract.invalid').pathname;
  const verb = method.toLowerCase();
  return ROUTES.find((r) => r.operation.method === verb && r.pattern.test(pathname))?.operation;
}

const describeIssues = (issues: { path: PropertyKey[]; message: string }[]) =>
  issues
    .slice(0, 5)
    .map((i) => `${i.path.map(String).join('.') || '(body)'}: ${i.message}`)
    .join('; ');

/**
 * Checks an answer against the contract (a public operation's, or an internal answer another service reads):
 * a success carries `{ data }` matching the operation's response schema; an error carries the shared `{ message, code }` body. Throws a ContractViolation naming the
 * operation, the status and what differs. Paths outside the contract (internal routes, probes) pass.
 */
export function checkAnswer(method: string, path: string, status: number, body: unknown): void {
  const operation = operationOf(method, path);
  if (!operation) return;
  const where = `${operation.method.toUpperCase()} ${operation.path} answered ${status}`;
  if (status >= 400) {
    const parsed = errorBodySchema.safeParse(body);
    if (!parsed.success) throw new ContractViolation(`${where} with a body that is not the error body { message, code }: ${describeIssues(parsed.error.issues)}`);
    return;
  }
  if (status >= 300 || !operation.response || status === 204) return;
  const data = (body as { data?: unknown } | null)?.data;
  if (data === undefined) throw new ContractViolation(`${where} without { data }`);
  const parsed = operation.response.safeParse(data);
  if (!parsed.success) throw new ContractViolation(`${where} with data that breaks its response schema: ${describeIssues(parsed.error.issues)}`);
}
