import type { Condition } from '@kicksight/contracts';
import { MAX_PRICE_CENTS, PRICE_TOO_HIGH } from '@kicksight/contracts/market';
import type { CreateItem, UpdateItem } from './api.ts';

export const ADD_BRANDS = ['Nike', 'Adidas', 'Jordan', 'New Balance'] as const;
export const ADD_CONDITIONS = ['deadstock', 'new', 'used'] as const;
export const EDIT_CONDITIONS = ['new', 'near_mint', 'very_good', 'good', 'fair', 'poor'] as const;
/** Edit sizes: 6 to 20 in half steps. */
export const EDIT_SIZES: number[] = Array.from({ length: 29 }, (_, i) => 6 + i / 2);
export const DEFAULT_SIZE = 10;
export const DEFAULT_COLORWAY = 'Default';

export const ADD_MISSING = 'Missing Information: Please fill in all required fields.';
export const EDIT_MISSING = 'Missing Information: Please fill in size and purchase price.';
export const EDIT_INVALID_PRICE = 'Invalid Price: Please enter a valid purchase price greater than 0.';
export const PRICE_TOO_HIGH_MESSAGE = `Invalid Price: ${PRICE_TOO_HIGH}.`;

export const conditionLabel = (condition: string): string => condition.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

/** Dollars typed by the user ('129.99') to cents; null when it is not a number. */
export function centsOf(dollars: string): number | null {
  const value = Number(dollars.trim().replace(/[$,]/g, ''));
  return dollars.trim() === '' || !Number.isFinite(value) ? null : Math.round(value * 100);
}

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

/** The Edit Item form: size and purchase price are required, the price a number greater than 0 and at most $1,000,000. */
export function editChangesOf(form: EditForm): { changes: UpdateItem } | { error: string } {
  if (!form.size || form.purchasePrice.trim() === '') return { error: EDIT_MISSING };
  const price = centsOf(form.purchasePrice);
  if (price === null || price <= 0) return { error: EDIT_INVALID_PRICE };
  if (price > MAX_PRICE_CENTS) return { error: PRICE_TOO_HIGH_MESSAGE };
  return { changes: { size: Number(form.size), purchasePrice: price, condition: form.condition as Condition, notes: form.notes } };
}
