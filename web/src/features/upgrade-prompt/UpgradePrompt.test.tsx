import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderScreen } from '../../test/test-support.tsx';
import { UpgradePrompt } from './UpgradePrompt.tsx';

afterEach(cleanup);

describe('the upgrade prompt', () => {
  it('shows the usage, what upgrading unlocks and the 7-day money-back line', () => {
    renderScreen(<UpgradePrompt open trigger="collection_limit" tier="trial" usage={{ used: 5, limit: 5, label: 'Collection items' }} onClose={() => undefined} />);
    expect(screen.getByRole('dialog', { name: 'Collection Limit Reached' })).toBeTruthy();
    expect(screen.getByText('Collection items: 5 of 5')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByText('All plans include a 7-day money-back guarantee.')).toBeTruthy();
  });

  it('shows the urgency badge for medium and high only', () => {
    renderScreen(<UpgradePrompt open trigger="search_limit" tier="trial" urgency="low" onClose={() => undefined} />);
    expect(screen.queryByText(/urgency/i)).toBeNull();
    cleanup();
    renderScreen(<UpgradePrompt open trigger="search_limit" tier="trial" urgency="medium" onClose={() => undefined} />);
    expect(screen.getByText('Medium urgency')).toBeTruthy();
    cleanup();
    renderScreen(<UpgradePrompt open trigger="premium_feature" tier="trial" urgency="high" usage={{ used: 3, limit: null }} onClose={() => undefined} />);
    expect(screen.getByText('High urgency')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Unlock Premium Features' })).toBeTruthy();
    expect(screen.getByText('Used: 3 of ∞')).toBeTruthy();
  });

  it('offers only the plans above the member’s, and says the tax export is on Expert', () => {
    renderScreen(<UpgradePrompt open trigger="collection_limit" tier="premium" onClose={() => undefined} />);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Expert: an unlimited collection']);
    cleanup();
    renderScreen(<UpgradePrompt open trigger="premium_feature" feature="tax_export" tier="premium" onClose={() => undefined} />);
    expect(screen.getByRole('dialog', { name: 'Unlock Expert Features' })).toBeTruthy();
    expect(screen.getByText('The tax export and the StockX order import are part of the Expert plan.')).toBeTruthy();
    cleanup();
    renderScreen(<UpgradePrompt open trigger="collection_limit" tier="unlimited" onClose={() => undefined} />);
    expect(screen.queryByText('Upgrading unlocks')).toBeNull();
  });
});
