import { ApiError } from '../../api/client.ts';
import type { ImportProblem } from './api.ts';

export const EXPORT_FILE_NAME = 'kicksight-collection.csv';

/** The bad lines of a refused import (INVALID_IMPORT), in line order; none for any other failure. */
export function importProblemsOf(error: unknown): ImportProblem[] {
  if (!(error instanceof ApiError) || error.code !== 'INVALID_IMPORT') return [];
  const errors = (error.body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors
    .filter((e): e is ImportProblem => typeof e === 'object' && e !== null && typeof e.line === 'number' && typeof e.reason === 'string')
    .sort((a, b) => a.line - b.line);
}

/** Saves an object URL as a file through a temporary link, then lets the URL go. */
export function download(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
