import type { Condition } from '@kicksight/contracts';
import { MAX_PRICE_CENTS, PRICE_TOO_HIGH } from '@kicksight/contracts/market';
import type { CollectionItem, CreateItem, UpdateItem } from './api.ts';

export const ADD_BRANDS = ['Nike', 'Adidas', 'Jordan', 'New Balance'] as const;
export const ADD_CONDITIONS = ['deadstock', 'new', 'used'] as const;
/** Every condition the API accepts, by its label: keyed by the contracts' type, so none can be left out. */
const CONDITION_LABELS: Record<Condition, string> = {
  deadstock: 'Deadstock',
  new: 'New',
  used: 'Used',
  near_mint: 'Near mint',
  very_good: 'Very good',
  good: 'Good',
  fair: 'Fair',
  poor: 'Poor',
};
/** Edit offers every condition, so a pair added as deadstock or used keeps its own. */
export const EDIT_CONDITIONS = Object.keys(CONDITION_LABELS) as Condition[];
/** Edit sizes: 6 to 20 in half steps. */
export const EDIT_SIZES: number[] = Array.from({ length: 29 }, (_, i) => 6 + i / 2);
export const DEFAULT_SIZE = 10;
export const DEFAULT_COLORWAY = 'Default';

export const ADD_MISSING = 'Missing Information: Please fill in all required fields.';
export const EDIT_MISSING = 'Missing Information: Please fill in size and purchase price.';
export const EDIT_INVALID_PRICE = 'Invalid Price: Please enter a valid purchase price greater than 0.';
export const PRICE_TOO_HIGH_MESSAGE = `Invalid Price: ${PRICE_TOO_HIGH}.`;

export const conditionLabel = (condition: string): string => CONDITION_LABELS[condition as Condition] ?? condition;

/** Dollars typed by the user ('129.99') to cents; null when it is not a number. */
export function centsOf(dollars: string): number | null {
  const value = Number(dollars.trim().replace(/[$,]/g, ''));
  return dollars.trim() === '' || !Number.isFinite(value) ? null : Math.round(value * 100);
}

/** Cents as dollars to type or edit, to the cent: 34000 -> '340', 15075 -> '150.75'. */
export const dollarsOf = (cents: number): string => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

export interface AddForm {
  name: string;
  brand: string;
  colorway: string;
  size: string;
  purchasePrice: string;
  purchaseDate: string;
  condition: string;
}

/** The Add Item form: name, brand and purchase price (at most $1,000,000) are required; colorway, size and date have defaults. */
export function addItemOf(form: AddForm, today: string): { item: CreateItem } | { error: string } {
  const price = centsOf(form.purchasePrice);
  if (!form.name.trim() || !form.brand.trim() || price === null || price < 0) return { error: ADD_MISSING };
  if (price > MAX_PRICE_CENTS) return { error: PRICE_TOO_HIGH_MESSAGE };
  return {
    item: {
      name: form.name.trim(),
      brand: form.brand,
      colorway: form.colorway.trim() || DEFAULT_COLORWAY,
      size: Number(form.size) || DEFAULT_SIZE,
      purchasePrice: price,
      purchaseDate: form.purchaseDate || today,
      condition: (form.condition || 'new') as Condition,
    },
  };
}

export interface EditForm {
  size: string;
  purchasePrice: string;
  condition: string;
  notes: string;
}

type EditedItem = Pick<CollectionItem, 'size' | 'purchasePrice' | 'condition' | 'notes'>;

/** The Edit Item form as it opens: the item's own size, price, condition and notes. */
export const editFormOf = (item: EditedItem): EditForm => ({ size: String(item.size), purchasePrice: dollarsOf(item.purchasePrice), condition: item.condition, notes: item.notes });

/** The sizes Edit offers: 6 to 20, and the item's own size when it is outside them. */
export const editSizesOf = (size: number): number[] => (EDIT_SIZES.includes(size) ? EDIT_SIZES : [size, ...EDIT_SIZES].sort((a, b) => a - b));

/**
 * The Edit Item form: size and purchase price are required, the price a number greater than 0 and at most
 * $1,000,000. Only the fields that differ from the item are sent (none: nothing to save).
 */
export function editChangesOf(form: EditForm, item: EditedItem): { changes: UpdateItem } | { error: string } {
  if (!form.size || form.purchasePrice.trim() === '') return { error: EDIT_MISSING };
  const price = centsOf(form.purchasePrice);
  if (price === null || price <= 0) return { error: EDIT_INVALID_PRICE };
  if (price > MAX_PRICE_CENTS) return { error: PRICE_TOO_HIGH_MESSAGE };
  const size = Number(form.size);
  const condition = form.condition as Condition;
  return {
    changes: {
      ...(size !== item.size && { size }),
      ...(price !== item.purchasePrice && { purchasePrice: price }),
      ...(condition !== item.condition && { condition }),
      ...(form.notes !== item.notes && { notes: form.notes }),
    },
  };
}
