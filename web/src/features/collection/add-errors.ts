import { triggerOfError } from '../upgrade-prompt/index.ts';

type AddOutcome = { kind: 'prompt' } | { kind: 'toast'; message: string };

export const ADD_FAILED = 'Failed to add sneaker to collection. Please try again.';

const MESSAGES: [needle: string, shown: string][] = [
  ['invalid sneaker id format', 'Invalid sneaker ID. Please try searching again.'],
  ['invalid size', 'Invalid size selected. Please choose a valid size.'],
  ['invalid purchase price', 'Invalid price. Please try again.'],
  ['invalid price', 'Invalid price. Please try again.'],
  ['missing required fields', 'Missing required information. Please try again.'],
];

/**
 * What a failed add shows (spec 2 §8, spec 3 §8): the collection limit opens the upgrade prompt
 * with no toast; known server messages get their text; anything else the general failure.
 */
export function addFailureOf(error: unknown): AddOutcome {
  if (triggerOfError(error) === 'collection_limit') return { kind: 'prompt' };
  const message = error instanceof Error ? error.message.toLowerCase() : '';
  const known = MESSAGES.find(([needle]) => message.includes(needle));
  return { kind: 'toast', message: known ? known[1] : ADD_FAILED };
}
