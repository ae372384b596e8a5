import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';

/**
 * A slow phone: the page from the server is on screen long before the app has taken it over.
 * A tap then must still do what the person asked, whether the app or the plain page answers it.
 */
async function openOnASlowPhone(page: Page, url: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // Not the fixtures' goto, which waits for the app: the taps come 300 ms after the load event.
  const loaded = page.waitForEvent('load');
  await page.evaluate((address) => window.location.assign(address), url);
  await loaded;
  await page.waitForTimeout(300);
}

test.describe('taps 300 ms after the page loads on a 4x slower CPU', () => {
  test('Sign In signs the person in', async ({ page }) => {
    await page.goto('/about');
    await openOnASlowPhone(page, '/results?postcode=BS1%204DJ&distance=10&category=food');

    await page.getByRole('button', { name: 'Sign In' }).click();

    // The app's dialog, or the sign-in page the link leads to before the app has started.
    await expect(
      page
        .getByRole('dialog', { name: 'Welcome to Locals' })
        .or(page.getByRole('heading', { level: 1, name: 'Sign in to Locals' })),
    ).toBeVisible({ timeout: 15_000 });
  });

  test("a result's MORE INFO shows its details", async ({ page }) => {
    await page.goto('/about');
    await openOnASlowPhone(page, '/results?postcode=BS1%204DJ&distance=10&category=food');
    const first = page.getByRole('article').first();
    const name = (await first.getByRole('heading').first().textContent()) ?? '';
    expect(name).not.toBe('');

    await first.getByRole('link', { name: /^MORE INFO/ }).click();

    // The app's dialog, or the details the link opens in the page before the app has started.
    await expect(
      page.getByRole('dialog', { name }).or(page.getByRole('region', { name })),
    ).toBeVisible({ timeout: 15_000 });
  });
});
