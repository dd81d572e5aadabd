import { useDeferredValue, type ReactNode } from 'react';

/**
 * What a page shows below its first screen, rendered just after the rest: the first render leaves it out, and a
 * deferred render React may pause for input and paint brings it in, so a page's first content is not held up by (or
 * drawn in one long task with) what the reader has yet to scroll to.
 */
export function BelowTheFold({ children }: { children: ReactNode }) {
  const shown = useDeferredValue(true, false);
  return shown ? children : null;
}
