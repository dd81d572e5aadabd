/** The colour of a usage bar, by how much of the limit is used (spec 3 §9). */
export type UsageTone = 'green' | 'orange' | 'red';

interface UsageLevel {
  /** 0 to 100, rounded down; 0 when the limit is unlimited. */
  percent: number;
  tone: UsageTone;
  /** The usage indicator reads 'near limit' from 80% until the limit is reached. */
  nearLimit: boolean;
  /** The whole limit is used: the indicator reads 'limit reached' (the action it limits is refused). */
  reached: boolean;
  unlimited: boolean;
}

const ORANGE_FROM_PERCENT = 70;
const RED_FROM_PERCENT = 90;
const NEAR_LIMIT_FROM_PERCENT = 80;
const FULL_PERCENT = 100;

export function usageTone(percent: number): UsageTone {
  if (percent >= RED_FROM_PERCENT) return 'red';
  if (percent >= ORANGE_FROM_PERCENT) return 'orange';
  return 'green';
}

/** How full a limit is; a null limit means unlimited. */
export function usageLevel(used: number, limit: number | null): UsageLevel {
  if (limit === null) return { percent: 0, tone: 'green', nearLimit: false, reached: false, unlimited: true };
  const exact = limit <= 0 ? FULL_PERCENT : (used / limit) * 100;
  const percent = Math.min(FULL_PERCENT, Math.max(0, Math.floor(exact)));
  const reached = percent >= FULL_PERCENT;
  return { percent, tone: usageTone(percent), nearLimit: !reached && percent >= NEAR_LIMIT_FROM_PERCENT, reached, unlimited: false };
}

/** `3 / 10`, or `3 / ∞` when unlimited. */
export function usageLabel(used: number, limit: number | null): string {
  return `${used} / ${limit === null ? '∞' : limit}`;
}
