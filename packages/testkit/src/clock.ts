import type { Clock } from '@kicksight/platform';

/** The real time, shifted by an offset a test can move (to expire tokens, links or trials). */
export function movableClock(): Clock & { advance(ms: number): void; reset(): void } {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
    reset: () => {
      offset = 0;
    },
  };
}
