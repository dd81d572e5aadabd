/** Where a price stands against an alert's target. */
export type Side = 'above' | 'below';

export interface Observation {
  /** The side to remember. */
  side: Side;
  /** Whether this price crossed the target (the alert fires, once, towards `side`). */
  crossed: boolean;
}

/**
 * An alert's next state when the price it watches moves. The alert remembers the side of its
 * target the price was last on and fires when the price moves to the other side; reaching the
 * target exactly counts as crossing it. The first price an alert sees (when it is created, or the
 * first one known) sets its side without firing. Callers observe a price only when it changed.
 */
export function observePrice(lastSide: Side | null, target: number, price: number): Observation {
  const strict: Side | null = price > target ? 'above' : price < target ? 'below' : null;
  if (lastSide === null) return { side: strict ?? 'above', crossed: false };
  if (strict === null) return { side: lastSide === 'above' ? 'below' : 'above', crossed: true };
  return { side: strict, crossed: strict !== lastSide };
}
