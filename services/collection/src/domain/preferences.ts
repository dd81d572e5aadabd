import { DEFAULT_PREFERENCES, preferencesSchema, type OnboardingBody, type Preferences, type PreferencesUpdate } from '@kicksight/contracts';
import type { Clock, Pool } from '@kicksight/platform';
import { collectors } from '../store/collectors.ts';

/** Stored preferences over the defaults (a stored value that no longer fits its field falls back to the default). */
export function withDefaults(stored: Record<string, unknown>): Preferences {
  const merged = { ...DEFAULT_PREFERENCES, ...stored, onboarding: { ...DEFAULT_PREFERENCES.onboarding, ...((stored.onboarding as object | undefined) ?? {}) } };
  const parsed = preferencesSchema.safeParse(merged);
  if (parsed.success) return parsed.data;
  const fields = Object.fromEntries(
    Object.keys(DEFAULT_PREFERENCES).map((key) => {
      const field = preferencesSchema.shape[key as keyof Preferences].safeParse(merged[key as keyof typeof merged]);
      return [key, field.success ? field.data : DEFAULT_PREFERENCES[key as keyof Preferences]];
    }),
  );
  return fields as Preferences;
}

/** Preferences and the onboarding state of a member. */
export function createPreferences({ pool, clock }: { pool: Pool; clock: Clock }) {
  const read = async (userId: string) => withDefaults(await collectors.preferences(pool, userId));
  return {
    get: read,

    async update(userId: string, changes: PreferencesUpdate): Promise<Preferences> {
      const next = { ...(await read(userId)), ...changes };
      await collectors.savePreferences(pool, userId, next, clock.now());
      return next;
    },

    async completeOnboarding(userId: string, body: OnboardingBody): Promise<Preferences> {
      const current = await read(userId);
      const next: Preferences = {
        ...current,
        interests: body.interests.length > 0 ? body.interests : current.interests,
        onboarding: { completed: true, completedAt: clock.now().toISOString(), experience: body.experience ?? current.onboarding.experience, goals: body.goals },
      };
      await collectors.savePreferences(pool, userId, next, clock.now());
      return next;
    },
  };
}
