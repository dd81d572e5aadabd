import { LRUCache } from 'lru-cache';

/** An answer serialised once (see http/serialised-data.ts, which sends it). */
export interface Serialised {
  readonly json: string;
}

interface Kept extends Serialised {
  inputs: readonly unknown[];
}

const sameInputs = (kept: readonly unknown[], now: readonly unknown[]) => kept.length === now.length && kept.every((input, i) => input === now[i]);

/**
 * Answers kept serialised by key, served again while everything they were computed from is the same
 * (each input compared by identity: cached documents are replaced, never changed in place, so a new
 * version is a new object); otherwise built again. Bounded by count and by characters.
 */
export function createSerialisedAnswers({ max = 20_000, maxChars = 40_000_000 }: { max?: number; maxChars?: number } = {}) {
  const kept = new LRUCache<string, Kept>({ max, maxSize: maxChars, sizeCalculation: (answer, key) => 2 * answer.json.length + key.length });
  let reused = 0;
  let built = 0;
  return {
    answer(key: string, inputs: readonly unknown[], build: () => unknown): Serialised {
      const hit = kept.get(key);
      if (hit && sameInputs(hit.inputs, inputs)) {
        reused += 1;
        return hit;
      }
      built += 1;
      const fresh: Kept = { json: JSON.stringify(build()), inputs };
      kept.set(key, fresh);
      return fresh;
    },
    stats: () => ({ answers: kept.size, reused, built }),
  };
}
