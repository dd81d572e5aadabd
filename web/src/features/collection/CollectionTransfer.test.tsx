import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signedInForEachTest, stubApi } from '../../test/test-support.tsx';
import { UpgradePromptProvider } from '../upgrade-prompt/index.ts';
import { CollectionTransfer } from './CollectionTransfer.tsx';

const render = () =>
  renderScreen(
    <UpgradePromptProvider>
      <CollectionTransfer />
    </UpgradePromptProvider>,
  );
const csv = () => new File(['name,brand,size,purchasePriceUsd\nDunk,Nike,10,100\n'], 'pairs.csv', { type: 'text/csv' });
const pick = () => fireEvent.change(screen.getByLabelText('CSV file to import'), { target: { files: [csv()] } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('CSV import and export', () => {
  signedInForEachTest();
  it("lists every bad line of a refused import and says nothing was imported", async () => {
    const calls = stubApi({
      'POST /api/collections/import': () => ({
        status: 400,
        body: {
          code: 'INVALID_IMPORT',
          message: '2 lines could not be imported, so nothing was: ...',
          errors: [
            { line: 4, reason: 'Invalid size: choose a US size from 3.5 to 20' },
            { line: 2, reason: 'Missing required fields: brand' },
          ],
        },
      }),
      'GET /api/membership/usage': { canAddToCollection: true },
    });
    render();
    pick();
    const dialog = await screen.findByRole('dialog', { name: 'Nothing was imported' });
    expect(dialog.textContent).toContain('2 lines of the file could not be imported, so none of it was.');
    const lines = within(dialog).getAllByRole('listitem').map((li) => li.textContent);
    expect(lines).toEqual(['Line 2: Missing required fields: brand', 'Line 4: Invalid size: choose a US size from 3.5 to 20']);
    const sent = calls.find((c) => c.method === 'POST')!;
    expect(sent.body).toBeInstanceOf(FormData);
    expect(((sent.body as FormData).get('file') as File).name).toBe('pairs.csv');
  });

  it('says how many items came in', async () => {
    stubApi({ 'POST /api/collections/import': () => ({ status: 201, body: { data: { imported: 1, items: [] } } }), 'GET /api/membership/usage': { canAddToCollection: true } });
    render();
    pick();
    expect(await screen.findByText('Imported 1 item')).toBeTruthy();
  });

  it('downloads the collection as kicksight-collection.csv', async () => {
    stubApi({ 'GET /api/collections/export': { csv: true } });
    const createObjectURL = vi.fn(() => 'blob:collection');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    render();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicked).toEqual([{ href: 'blob:collection', download: 'kicksight-collection.csv' }]));
  });
});
