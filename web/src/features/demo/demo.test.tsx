import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { DEMO_DATA } from '@kicksight/contracts/demo';
import { renderScreen, stubApi } from '../../test/test-support.tsx';
import DemoArea from './DemoPage.tsx';

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The BFF's sample data, given for the ticket 't' only. */
const demoData = (init?: RequestInit) =>
  new Headers(init?.headers).get('x-demo-ticket') === 't'
    ? { status: 200, body: { data: DEMO_DATA } }
    : { status: 401, body: { message: 'The demo has closed. Enter the demo password again.', code: 'INVALID_DEMO_TICKET' } };

const enter = (password: string) => {
  fireEvent.change(screen.getByLabelText('Demo password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Enter Demo' }));
};

describe('demo area', () => {
  it('keeps the gate closed on a wrong password, clearing the field, and opens on the right one with one call for its data', async () => {
    const calls = stubApi({
      'GET /api/demo/data': demoData,
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
    expect(await screen.findByRole('heading', { name: 'Collection' }, { timeout: 5_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'List' }));
    fireEvent.click(screen.getByRole('link', { name: 'Search' }));
    fireEvent.change(screen.getByLabelText('Search sample sneakers'), { target: { value: 'jordan' } });
    expect(screen.getByLabelText('Suggestions').querySelectorAll('li').length).toBeLessThanOrEqual(5);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/demo/access', 'POST /api/demo/access', 'GET /api/demo/data']);
  });

  it('opens with a stored ticket the BFF accepts and shows the product tabs', async () => {
    stubApi({ 'GET /api/demo/data': demoData });
    sessionStorage.setItem('demo-access', JSON.stringify({ granted: true, timestamp: Date.now(), ticket: 't', expiresAt: Date.now() + 1_000_000 }));
    renderScreen(<DemoArea />, { path: '/demo/*', route: '/demo/professional-product/p1' });
    expect(await screen.findByRole('heading', { name: 'Professional Product' }, { timeout: 5_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Market Data' }));
    expect(screen.getByText('Lowest ask')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '♡ Favourite' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '♥ Favourited' })).toBeTruthy());
  });

  it('shows the gate again, and forgets the marker, when the BFF refuses the stored ticket', async () => {
    stubApi({ 'GET /api/demo/data': demoData });
    sessionStorage.setItem('demo-access', JSON.stringify({ granted: true, timestamp: Date.now(), ticket: 'forged', expiresAt: Date.now() + 1_000_000 }));
    renderScreen(<DemoArea />, { path: '/demo/*', route: '/demo/collection' });
    expect(await screen.findByLabelText('Demo password')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Collection' })).toBeNull();
    expect(sessionStorage.getItem('demo-access')).toBeNull();
  });
});
