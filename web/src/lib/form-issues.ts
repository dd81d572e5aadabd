/** The parts of a zod result the forms read (zod's own types would pull nothing at run time, but this keeps forms schema-agnostic). */
interface Issue {
  path: readonly PropertyKey[];
  message: string;
}
type Result = { success: true } | { success: false; error: { issues: readonly Issue[] } };

/** The first message of a parse, or null when it passed. */
export const firstIssue = (result: Result): string | null => (result.success ? null : (result.error.issues[0]?.message ?? null));

/** The first message for each top-level field of a parse (a form shows one message per field). */
export function firstIssueByField(result: Result): Record<string, string> {
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}
