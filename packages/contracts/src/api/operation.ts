import type { z } from 'zod';

/** Who may call an operation at the edge. */
export type Access = 'public' | 'token' | 'admin' | 'optional';

/** One HTTP operation of the public API; the BFF's OpenAPI document is generated from these. */
export interface Operation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Path under the origin, e.g. `/api/auth/login`; parameters as `{id}`. */
  path: string;
  summary: string;
  tag: string;
  access: Access;
  /** The JSON body; optional in the document when `{}` passes it (a missing body is read as `{}`). */
  body?: z.ZodType;
  /** Bodies of other media types the operation takes besides JSON (a CSV file, a multipart upload). */
  otherBodies?: Partial<Record<'text/csv' | 'multipart/form-data', z.ZodType>>;
  /** Path parameters, where they are more than any text (an enum, a format). */
  params?: z.ZodObject;
  /** Request headers the operation requires (e.g. a signature). */
  headers?: z.ZodObject;
  query?: z.ZodType;
  /** Status of the success answer: 201 when something was created, 202 when accepted for later; 200 unless stated. */
  status?: 201 | 202;
  /** Schema of `data` in the success answer. */
  response?: z.ZodType;
  /** A 400 body of this operation that carries more than `message` and `code` (e.g. the lines of a refused file). */
  refusal?: z.ZodType;
  /** Error codes this operation may answer with, besides the generic ones. */
  errors?: string[];
}
