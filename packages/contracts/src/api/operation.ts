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
  body?: z.ZodType;
  query?: z.ZodType;
  /** Status of the success answer: 201 when something was created, 202 when accepted for later; 200 unless stated. */
  status?: 201 | 202;
  /** Schema of `data` in the success answer. */
  response?: z.ZodType;
  /** Error codes this operation may answer with, besides the generic ones. */
  errors?: string[];
}
