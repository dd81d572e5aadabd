import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderScreen, stubApi } from '../../test/test-support.tsx';
import DemoArea from './DemoPage.tsx';

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const enter = (password: string) => {
  fireEvent.change(screen.getByLabelText('Demo password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Enter Demo' }));
};

describe('demo area', () => {
  it('keeps the gate closed on a wrong password, clearing the field, and opens on the right one with no further calls', async () => {
    const calls = stubApi({
      'POST /api/demo/access': (init) =>
        JSON.parse(String(init?.body)).password === 'right'
          ? { status: 200, body: { data: { ticket: 't', expiresAt: Date.now() + 7_200_000 } } }
          : { status: 401, body: { message: 'Invalid password. Please try again.', code: 'INVALID_DEMO_PASSWORD' } },
    });
    renderScreen(<DemoArea />, { path: '/demo/*', route: '/demo/collection' });
    enter('wrong');
    expect(await screen.findByText('Invalid password. Please try again.')).toBeTruthy();
    expect((screen.getByLabelText('Demo password') as HTMLInputElement).value).toBe('');
    enter('right');
    expect(await screen.findByRole('heading', { name: 'Collection' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'List' }));
    fireEvent.click(screen.getByRole('link', { name: 'Search' }));
    fireEvent.change(screen.getByLabelText('Search sample sneakers'), { target: { value: 'jordan' } });
    expect(screen.getByLabelText('Suggestions').querySelectorAll('li').length).toBeLessThanOrEqual(5);
    expect(calls).toHaveLength(2);
  });

  it('opens straight away with a valid marker and shows the product tabs', async () => {
    stubApi({});
    sessionStorage.setItem('demo-access', JSON.stringify({ granted: true, timestamp: Date.now(), ticket: 't', expiresAt: Date.now() + 1_000_000 }));
    renderScreen(<DemoArea />, { path: '/demo/*', route: '/demo/professional-product/p1' });
    expect(screen.getByRole('heading', { name: 'Professional Product' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Market Data' }));
    expect(screen.getByText('Lowest ask')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '♡ Favourite' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '♥ Favourited' })).toBeTruthy());
  });
});
