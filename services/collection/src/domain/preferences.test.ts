import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '@kicksight/contracts';
import { withDefaults } from './preferences.ts';

describe('withDefaults', () => {
  it('gives the defaults to a member who stored nothing', () => {
    expect(withDefaults({})).toEqual(DEFAULT_PREFERENCES);
  });

  it('keeps what was stored, over the defaults', () => {
    const prefs = withDefaults({ defaultView: 'list', onboarding: { completed: true, completedAt: '2026-11-22T10:00:00.000Z' } });
    expect(prefs.defaultView).toBe('list');
    expect(prefs.onboarding).toEqual({ completed: true, completedAt: '2026-11-22T10:00:00.000Z', experience: null, goals: [] });
  });

  it('falls back field by field when a stored value no longer fits', () => {
    expect(withDefaults({ defaultView: 'carousel', defaultSort: 'value-high' })).toMatchObject({ defaultView: 'grid', defaultSort: 'value-high' });
  });
});
