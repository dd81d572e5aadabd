// UTC calendar arithmetic shared by the services, the BFF and the web app. Days are UTC days
// (no daylight-saving shifts), written YYYY-MM-DD; months keep the day of the month where they can.

/** Milliseconds in a UTC day. */
export const DAY_MS = 86_400_000;

/** The UTC day of a moment (a Date or milliseconds since the epoch), YYYY-MM-DD. */
export const utcDay = (at: Date | number): string => new Date(at).toISOString().slice(0, 10);

/** Midnight UTC of a YYYY-MM-DD day, in milliseconds since the epoch. */
export const dayStartMs = (day: string): number => Date.parse(`${day}T00:00:00Z`);

/** Midnight UTC of a moment's day, in milliseconds since the epoch. */
export const startOfUtcDayMs = (at: Date): number => Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());

/** Midnight UTC of the first day of a moment's month. */
export const startOfUtcMonth = (at: Date): Date => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));

/** A YYYY-MM-DD day moved by a number of days (negative: earlier). */
export const addDays = (day: string, days: number): string => utcDay(dayStartMs(day) + days * DAY_MS);

/** The moment a number of days (24-hour spans) before another. */
export const daysBefore = (at: Date, days: number): Date => new Date(at.getTime() - days * DAY_MS);

/** The moment a number of days (24-hour spans) after another. */
export const daysAfter = (at: Date, days: number): Date => new Date(at.getTime() + days * DAY_MS);

/**
 * The moment `months` UTC calendar months after `anchor` (negative: before), at the same time of day,
 * clamped to the target month's last day (Jan 31 + 1 month = Feb 28/29).
 */
export function addUtcMonths(anchor: Date, months: number): Date {
  const target = new Date(
    Date.UTC(anchor.getUTCFullYear(), anchor.getUTCMonth() + months, 1, anchor.getUTCHours(), anchor.getUTCMinutes(), anchor.getUTCSeconds(), anchor.getUTCMilliseconds()),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(anchor.getUTCDate(), lastDay));
  return target;
}
