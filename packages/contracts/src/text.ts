import { z } from 'zod';

/**
 * The one email rule of the product, at the HTTP edge, in the web forms and in the events: zod's
 * practical address pattern (ASCII, no empty or doubled dots, a top-level domain of letters).
 */
export const EMAIL_PATTERN: RegExp = z.regexes.email;

/** An email address as events carry it (the edge has already trimmed and lower-cased it). */
export const emailAddressSchema = z.string().regex(EMAIL_PATTERN);

/**
 * Safe text as a JSON Schema pattern (ECMA-262, read the same by other validators): no C0 control character
 * or DEL (but tab, line feed and carriage return, which typed text may hold) and no lone surrogate (read with
 * Unicode semantics, a well-formed pair is one character, so only an unpaired half matches the range). The
 * API document states it on every text field and property name; `isSafeText` checks with the same pattern.
 */
export const SAFE_TEXT_PATTERN = '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F\\uD800-\\uDFFF]*$';

/**
 * Whether text is fit to store: no NUL or other control character (PostgreSQL refuses NUL in text, and
 * none belongs in anything a person types) and no unpaired surrogate (not Unicode; JSONB refuses it).
 */
const SAFE_TEXT = new RegExp(SAFE_TEXT_PATTERN, 'u');
export const isSafeText = (text: string): boolean => SAFE_TEXT.test(text);

/** The message of a 400 for unsafe text, naming the field. */
export const unsafeTextMessage = (field: string): string => `${field} contains a character that is not allowed`;

/**
 * The path (e.g. `items[2].notes`) of the first string in a parsed body or query, keys included, that is
 * not safe text; undefined when every one is.
 */
export function findUnsafeText(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return isSafeText(value) ? undefined : path || 'value';
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnsafeText(value[i], `${path}[${i}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (!isSafeText(key)) return at;
      const found = findUnsafeText(inner, at);
      if (found) return found;
    }
  }
  return undefined;
}
