import { z } from 'zod';

/** A whole number from 1 to `max` in a query string, `fallback` when absent; each refusal names the parameter and its rule. */
export const positiveInt = (name: string, max: number, fallback: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be at least 1`)
    .max(max, `${name} must be at most ${max}`)
    .default(fallback);

/** A day (YYYY-MM-DD) or a moment (ISO 8601 with its offset) in a query string. */
export const dayOrMoment = (name: string) => z.union([z.iso.datetime({ offset: true }), z.iso.date()], { error: `${name} must be a date (YYYY-MM-DD) or a date and time` });
