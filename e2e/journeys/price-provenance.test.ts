import { describe, it } from 'vitest';
import { priceSourceLabel } from '@kicksight/contracts/provenance';
import { WEB, adminLogin, api, expect, openAs, openPage, testAccount, testSignIn, useBrowser } from '../fixture.ts';
import { screenshot, screenshotBothThemes } from '../screenshots.ts';

const browser = useBrowser();

interface Provenance {
  source: string;
  asOf: string | null;
  thin: boolean;
}
interface Detail {
  id: string;
  name: string;
  currentPrice: number | null;
  provenance: Provenance;
  variants: { size: number; provenance: Provenance }[];
}

/** A sneaker's detail as the API answers it, found by its name. */
async function detailOf(token: string, q: string, name: RegExp): Promise<Detail> {
  const search = await api('GET', `/api/sneakers/search?q=${encodeURIComponent(q)}&limit=20`, { token });
  const found = (search.body.data.sneakers as { id: string; name: string }[]).find((s) => name.test(s.name));
  if (!found) throw new Error(`no sneaker named ${name} for ${q}`);
  return (await api('GET', `/api/sneakers/${found.id}`, { token })).body.data as Detail;
}

const AGE = '(just now|\\d+ min ago|\\d+ h ago|1 day ago|\\d+ days ago)';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('where a price comes from', () => {
  it('shows the source and age of the detail page’s prices, labels replayed prices as replayed and flags thin markets', async () => {
    const member = await testAccount('provenance');
    const zebra = await detailOf(member.token, 'yeezy zebra', /Yeezy Boost 350 V2 Zebra$/);
    expect(zebra.provenance.source).toMatch(/^replay:/);
    const label = priceSourceLabel(zebra.provenance.source);
    // The shipped files' sales, or the local live market's drawn from them: either reads as replayed.
    expect(label).toMatch(/^Replayed (public sales \(.+ sample|market \(drawn from public sales), shifted to today\)$/);

    const { page, errors } = await openPage(browser());
    await testSignIn(page, member.email);
    await page.goto(`${WEB}/admin/product/${zebra.id}`);
    const overview = page.getByLabel('Overview', { exact: true });
    await expect(overview.getByText(new RegExp(`^${escape(label)} · ${AGE}$`))).toBeVisible({ timeout: 20_000 });

    const table = page.getByRole('table', { name: 'All Size Variations' });
    for (const variant of zebra.variants) {
      const row = table.getByRole('row').filter({ has: page.getByRole('button', { name: `US ${variant.size}`, exact: true }) });
      await expect(row.getByText(new RegExp(`^${escape(priceSourceLabel(variant.provenance.source))} · ${AGE}$`))).toBeVisible();
      await expect(row.getByText('thin market', { exact: true })).toHaveCount(variant.provenance.thin ? 1 : 0);
    }
    // Replayed prices never read as live.
    await expect(page.getByText(/^StockX · /)).toHaveCount(0);
    await screenshot(page, 'price-provenance-replayed');

    // The Black Phantom's catalogue estimate ($99,999) was refused: its prices rest on StockX's $713 last sale of March 2023,
    // or, once the local live market has sold one (it draws from the same files), on that replayed sale.
    const phantom = await detailOf(member.token, 'travis scott black phantom', /^Jordan 1 Retro Low OG SP Travis Scott Black Phantom$/);
    expect(phantom.provenance.source).toMatch(/^(snapshot:stockx-2023-03-market-summary\.csv|replay:)/);
    expect(phantom.currentPrice!).toBeLessThan(3 * 71_300);
    await page.goto(`${WEB}/admin/product/${phantom.id}`);
    await expect(page.getByLabel('Overview', { exact: true }).getByText(new RegExp(`^${escape(priceSourceLabel(phantom.provenance.source))} · ${AGE}$`))).toBeVisible({ timeout: 20_000 });
    expect(errors).toEqual([]);
  }, 120_000);

  it('says which number values a pair, from where and how old, on the collection card and on the sneaker page, replayed sales labelled as replayed', async () => {
    const member = await testAccount('valuation');
    const zebra = await detailOf(member.token, 'yeezy zebra', /Yeezy Boost 350 V2 Zebra$/);
    const variant = zebra.variants.find((v) => v.provenance.asOf !== null)!;
    const added = await api('POST', '/api/collections', { token: member.token, body: { sneakerId: zebra.id, size: variant.size, purchasePrice: 20_000 } });
    expect(added.status).toBe(201);
    const valuation = added.body.data.valuation;
    // No live source reads this size here: the pair is valued at its replayed sales.
    expect(valuation).toMatchObject({ basis: 'last_sale', source: expect.stringMatching(/^replay:/), stale: false });
    // Replayed sales (the shipped files', or the local live market's drawn from them) read as replayed, never as StockX.
    const line = new RegExp(`^Replayed (public sales|market) \\(.+\\) · ${AGE} · last sale$`);

    const { page, errors } = await openPage(browser());
    await testSignIn(page, member.email);
    await page.goto(`${WEB}/admin/collection`);
    const card = page.getByRole('article', { name: zebra.name });
    await expect(card.getByText(line)).toBeVisible({ timeout: 20_000 });
    await expect(card.getByText(/^StockX · /)).toHaveCount(0);
    await expect(card.getByText('thin market', { exact: true })).toHaveCount(valuation.thin ? 1 : 0);
    await screenshot(page, 'collection-valuation-replayed');

    // The sneaker page says which number a pair of the chosen size is worth.
    await page.goto(`${WEB}/admin/product/${zebra.id}`);
    await page.getByRole('combobox', { name: 'Size' }).selectOption({ label: `US ${variant.size}` });
    const size = page.getByLabel(`US ${variant.size}`, { exact: true });
    await expect(size.getByText('Value Now')).toBeVisible({ timeout: 20_000 });
    await expect(size.getByText(line)).toBeVisible();
    expect(errors).toEqual([]);
  }, 120_000);

  it("lists the Black Phantom's refused $99,999 estimate on the administrator's Data Quality page", async () => {
    const { page, errors } = await openPage(browser());
    await openAs(page, await adminLogin(), '/admin/data-quality');
    const table = page.getByRole('table', { name: 'Quarantined prices' });
    const phantom = table.getByRole('row').filter({ hasText: 'Jordan 1 Retro Low OG SP Travis Scott Black Phantom' });
    await expect(phantom).toHaveCount(1, { timeout: 20_000 });
    await expect(phantom).toContainText('placeholder');
    await expect(phantom).toContainText('$99,999');
    await expect(phantom).toContainText('thesneakerdatabase-catalog.json, row 4');
    await expect(page.getByRole('button', { name: /^placeholder \(\d+\)$/ })).toBeVisible();
    await screenshotBothThemes(page, 'data-quality', (p) => p.getByRole('table', { name: 'Quarantined prices' }).waitFor());
    expect(errors).toEqual([]);
  }, 120_000);
});
