import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderScreen } from '../../test/test-support.tsx';
import { PriceProvenance, provenanceTitle } from './PriceProvenance.tsx';

afterEach(cleanup);

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe("a price's provenance", () => {
  it('labels a replayed price as replayed, with its age, and a thin market beside it', () => {
    renderScreen(<PriceProvenance provenance={{ source: 'replay:stockx-2019-sales.csv', asOf: minutesAgo(150), thin: true }} />);
    expect(screen.getByText('Replayed public sales (2019 sample, shifted to today) · 2 h ago')).toBeTruthy();
    expect(screen.getByText('thin market')).toBeTruthy();
  });

  it('reads a live StockX price with its age, and shows no thin badge for a price resting on enough sales', () => {
    renderScreen(<PriceProvenance provenance={{ source: 'stockx-api', asOf: minutesAgo(4), thin: false }} />);
    expect(screen.getByText('StockX · 4 min ago')).toBeTruthy();
    expect(screen.queryByText('thin market')).toBeNull();
    expect(provenanceTitle({ source: 'estimate:thesneakerdatabase', asOf: null, thin: false })).toBe('Simulated around a catalogue estimate (The Sneaker Database)');
    expect(provenanceTitle(undefined)).toBeUndefined();
  });
});
