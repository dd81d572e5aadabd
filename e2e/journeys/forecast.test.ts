import { describe, it } from 'vitest';
import { WEB, expect, findSneaker, makePremium, openPage, testAccount, testSignIn, useBrowser } from '../fixture.ts';
import { screenshot } from '../screenshots.ts';

const browser = useBrowser();

describe('the sneaker forecast by tier', () => {
  it('shows a trial member the locked forecast and a premium member the real one with its bands', async () => {
    const trial = await testAccount('forecast-trial');
    const sneaker = await findSneaker(trial.token);

    const { page: trialPage } = await openPage(browser());
    await testSignIn(trialPage, trial.email);
    await trialPage.goto(`${WEB}/admin/product/${sneaker.id}`);
    const lockedForecast = trialPage.getByRole('region', { name: 'AI Price Forecast' });
    await lockedForecast.getByRole('button', { name: 'Upgrade to Unlock' }).waitFor({ timeout: 15_000 });
    await lockedForecast.getByText('30-day money-back guarantee').waitFor();
    await expect(lockedForecast.locator('[data-locked="true"]')).toHaveCount(1);
    await trialPage.getByRole('region', { name: 'Historical Sales Data' }).locator('[data-locked="true"]').waitFor();
    await screenshot(trialPage, 'forecast-locked-trial');
    await lockedForecast.getByRole('button', { name: 'Upgrade to Unlock' }).click();
    await trialPage.getByRole('dialog', { name: 'Unlock Premium Features' }).waitFor();

    const premium = await testAccount('forecast-premium');
    await makePremium(premium);
    const { page, errors } = await openPage(browser());
    await testSignIn(page, premium.email);
    await page.goto(`${WEB}/admin/product/${sneaker.id}`);
    const forecast = page.getByRole('region', { name: 'AI Price Forecast' });
    await forecast.getByText('Predicted price (30 days)').waitFor({ timeout: 20_000 });
    await expect(forecast.locator('[data-locked="true"]')).toHaveCount(0);
    for (const band of ['50', '80', '95']) await expect(forecast.locator(`path[data-band="${band}"]`)).toHaveCount(1);
    await forecast.getByRole('img', { name: /30-day price forecast: 30-day forecast \$[\d,]+, 80% likely between/ }).waitFor();
    await page.getByRole('region', { name: 'Historical Sales Data' }).getByRole('img', { name: /Historical sales: \d+-day average/ }).waitFor({ timeout: 15_000 });
    await page.getByRole('table', { name: 'Recent sales' }).waitFor();
    await screenshot(page, 'forecast-premium');
    expect(errors).toEqual([]);
  }, 120_000);

  it("follows the size selector: a premium member sees the chosen size's forecast and its track record", async () => {
    const premium = await testAccount('forecast-size');
    await makePremium(premium);
    const sneaker = await findSneaker(premium.token);
    const { page, errors } = await openPage(browser());
    await testSignIn(page, premium.email);
    await page.goto(`${WEB}/admin/product/${sneaker.id}`);
    const forecast = page.getByRole('region', { name: 'AI Price Forecast' });
    await forecast.getByText('Predicted price (30 days)').waitFor({ timeout: 20_000 });
    await expect(forecast.getByTestId('forecast-track-record')).toHaveText(/for this sneaker/, { timeout: 20_000 });
    await expect(forecast.getByTestId('forecast-size-basis')).toHaveCount(0);

    const select = page.getByRole('combobox', { name: 'Size' });
    const labels = (await select.locator('option').allTextContents()).filter((label) => label.startsWith('US '));
    const label = labels.includes('US 10') ? 'US 10' : labels[0]!;
    const size = label.slice('US '.length);
    await select.selectOption({ label });
    await expect(forecast.getByTestId('forecast-size-basis')).toHaveText(new RegExp(`^Forecast for size ${size.replace('.', '\\.')} from `), { timeout: 20_000 });
    await forecast.getByText('Predicted price (30 days)').waitFor();
    await expect(forecast.getByTestId('forecast-track-record')).toHaveText(
      new RegExp(`(Over the past year our 30-day forecasts for size ${size.replace('.', '\\.')} of this sneaker were off by [\\d.]+% on average \\(the last price alone: [\\d.]+%\\); \\d+% of prices fell in the 80% band\\.|There is not enough sales history for size ${size.replace('.', '\\.')} of this sneaker yet)`),
      { timeout: 20_000 },
    );
    await screenshot(page, 'forecast-size');

    await select.selectOption({ label: 'Overview (All Sizes)' });
    await expect(forecast.getByTestId('forecast-size-basis')).toHaveCount(0);
    await expect(forecast.getByTestId('forecast-track-record')).toHaveText(/for this sneaker/);
    expect(errors).toEqual([]);
  }, 120_000);
});
