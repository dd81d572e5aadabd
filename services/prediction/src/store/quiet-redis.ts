import { withTimeout, type Clock, type Logger } from '@kicksight/platform';

/**
 * Redis calls that never fail their caller: a call slower than `timeoutMs`, or failing, answers
 * undefined (logged at most every 10 s), so the service answers without its store instead.
 */
export function quietRedis({ timeoutMs, clock, logger, message }: { timeoutMs: number; clock: Clock; logger: Logger; message: string }) {
  let lastFailureLog = 0;
  return async <T>(what: string, run: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await withTimeout(run(), timeoutMs, `Redis did not answer within ${timeoutMs} ms`);
    } catch (err) {
      const now = clock.now().getTime();
      if (now - lastFailureLog > 10_000) {
        lastFailureLog = now;
        logger.warn({ err, what }, message);
      }
      return undefined;
    }
  };
}
