import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';

test.describe('the shared frame', () => {
  test('a visitor finds their way from the header and footer, and back home', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'About Us' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);

    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(String(new Date().getFullYear()));
    for (const name of ['Terms & Conditions', 'Privacy Policy', 'Cookie Policy', 'Support']) {
      await expect(footer.getByRole('link', { name })).toBeVisible();
    }
    await footer.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
  });

  test('the skip link moves focus to the main content', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
  });

  test('on a phone the menu opens, navigates and closes', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    // A native disclosure (issue 28), so it opens before the app has started, or without it.
    const navigation = page.getByRole('navigation', { name: 'Main' });
    const menu = navigation.locator('details');
    await expect(menu).not.toHaveAttribute('open');
    await menu.getByText('Menu', { exact: true }).click();
    await expect(menu).toHaveAttribute('open', '');
    await navigation.getByRole('link', { name: 'List your services' }).click();
    await expect(page).toHaveURL(/\/list-services$/);
    await expect(menu).not.toHaveAttribute('open');
    await expectNoAxeViolations(page);
  });

  test('the chosen text size applies to the whole page and survives a reload', async ({ page }) => {
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).toHaveClass(/font-size-medium/);
    const before = await page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
    // One text size control is shown: in the header on a wide screen, in the menu on a phone.
    await page.getByLabel('Text size').filter({ visible: true }).selectOption('large');
    await expect(html).toHaveClass(/font-size-large/);
    const after = await page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
    expect(parseFloat(after)).toBeGreaterThan(parseFloat(before));
    await page.reload();
    await expect(html).toHaveClass(/font-size-large/);
  });

  test('when a page cannot be downloaded, the error page says so and leads home', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // As on a dropped connection: the About page's code never arrives.
    await page.route(/\/assets\/about-[\w-]+\.js$/, (route) => route.abort('failed'));
    await page.getByRole('banner').getByRole('link', { name: 'About Us' }).click();

    await expect(
      page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeVisible();
    await expect(page.getByText(/dynamically imported module/)).toBeVisible();
    // React reports the error the page caught; that one is expected here, and only that one.
    const reported = consoleErrors.findIndex((text) => /dynamically imported module/.test(text));
    expect(reported).not.toBe(-1);
    consoleErrors.splice(reported, 1);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Locals helping locals' }),
    ).toBeVisible();
  });

  test('an unknown address shows the not-found page with a way home', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('the cookie banner', () => {
  const banner = (page: Page) => page.getByRole('region', { name: /cookie/i });
  const stored = (page: Page) =>
    page.evaluate(() => ({
      consent: localStorage.getItem('cookieConsent'),
      date: localStorage.getItem('cookieConsentDate'),
    }));

  test('Accept All stores consent with the date and the banner stays away', async ({ page }) => {
    await page.goto('/');
    await expect(banner(page).getByRole('link', { name: /terms/i })).toBeVisible();
    await banner(page).getByRole('button', { name: 'Accept All' }).click();
    await expect(banner(page)).toBeHidden();
    const { consent, date } = await stored(page);
    expect(consent).toBe('accepted');
    expect(Number.isNaN(Date.parse(date ?? ''))).toBe(false);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner(page)).toBeHidden();
  });

  test('Reject stores the refusal with the date', async ({ page }) => {
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Reject' }).click();
    await expect(banner(page)).toBeHidden();
    expect((await stored(page)).consent).toBe('rejected');
  });

  // Decision 036: "this visit" is the browser's session (a session cookie, as without JavaScript).
  test('Close hides the banner for this visit and stores nothing', async ({ page, browser }) => {
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Close' }).click();
    await expect(banner(page)).toBeHidden();
    expect(await stored(page)).toEqual({ consent: null, date: null });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner(page)).toBeHidden();

    const nextVisit = await browser.newContext();
    const again = await nextVisit.newPage();
    await again.goto('/');
    await expect(banner(again)).toBeVisible();
    await nextVisit.close();
  });
});
