import type { Principal } from '@kicksight/platform';

/** Who asks, and what calls made on their behalf carry along (their token, the request id). */
export interface Caller {
  id: string;
  role: Principal['role'];
  authorization?: string;
  requestId?: string;
}
