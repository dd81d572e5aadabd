import type { Logger } from '@kicksight/platform';

/** One part of an aggregation: its call (already under way) and what `errors` says when it fails. */
export interface Part<T> {
  load: Promise<T>;
  missing: string;
}

type Values<P> = { [K in keyof P]: (P[K] extends Part<infer V> ? V : never) | null };

/**
 * Waits for every part (they run in parallel; each call bounds its own time): a part that failed is
 * null, its message is in `errors`, and the reason is logged.
 */
export async function settleParts<P extends Record<string, Part<unknown>>>(parts: P, logger: Logger): Promise<{ values: Values<P>; errors: string[] }> {
  const names = Object.keys(parts) as (keyof P & string)[];
  const settled = await Promise.allSettled(names.map((name) => parts[name]!.load));
  const values = {} as Record<string, unknown>;
  const errors: string[] = [];
  settled.forEach((result, i) => {
    const name = names[i]!;
    if (result.status === 'fulfilled') {
      values[name] = result.value;
      return;
    }
    values[name] = null;
    errors.push(parts[name]!.missing);
    logger.warn({ part: name, reason: result.reason instanceof Error ? result.reason.message : String(result.reason) }, 'dashboard part missing');
  });
  return { values: values as Values<P>, errors };
}
