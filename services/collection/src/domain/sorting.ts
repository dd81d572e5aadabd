import type { CollectionSort, SortOrder } from '@kicksight/contracts';

/** What a collection page is sorted by; every sort ends with the date added and the id as tiebreakers. */
export type SortKey = 'value' | 'gain' | 'purchaseDate' | 'addedAt';

export interface ItemOrder {
  key: SortKey;
  direction: SortOrder;
}

/**
 * The spec's sort options: newest and oldest by purchase date, value and gain high or low, and
 * date_added (the default) in the asked order. `sortOrder` only applies to date_added: the others
 * carry their direction in their name.
 */
export function itemOrderOf(sortBy: CollectionSort, sortOrder: SortOrder): ItemOrder {
  switch (sortBy) {
    case 'newest':
      return { key: 'purchaseDate', direction: 'desc' };
    case 'oldest':
      return { key: 'purchaseDate', direction: 'asc' };
    case 'value-high':
      return { key: 'value', direction: 'desc' };
    case 'value-low':
      return { key: 'value', direction: 'asc' };
    case 'gain-high':
      return { key: 'gain', direction: 'desc' };
    case 'gain-low':
      return { key: 'gain', direction: 'asc' };
    case 'date_added':
      return { key: 'addedAt', direction: sortOrder };
  }
}
