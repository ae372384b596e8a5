import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';

// Issue 28: a common phone, with JavaScript on and off. What a person meets there must work
// either way: a control that needs the app to answer is a dead end on a slow or script-free phone.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

function mainNavigation(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('the phone menu opens, lists every page and leads to one', async ({ page }) => {
      await page.goto('/about');
      const navigation = mainNavigation(page);
      const events = navigation.getByRole('link', { name: 'Events' });
      await expect(events).toBeHidden();

      await navigation.getByText('Menu', { exact: true }).tap();
      await expect(events).toBeVisible();
      await expect(navigation.getByRole('link')).toHaveText([
        'Home',
        'Search',
        'Events',
        'About Us',
        'List your services',
      ]);
      if (javaScriptEnabled) await expectNoAxeViolations(page);

      await events.tap();
      await expect(page).toHaveURL(/\/events$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // A new page starts with the menu closed.
      await expect(mainNavigation(page).getByRole('link', { name: 'Events' })).toBeHidden();
    });

    test('Apply filters keeps the search and lands on the address the app makes', async ({
      page,
    }) => {
      await page.goto('/results?postcode=BS1%204DJ&distance=10&page=1&pageSize=10');
      await page.getByText('Filter results', { exact: true }).tap();
      const filters = page.getByRole('form', { name: 'Filter results' });
      await filters.getByLabel('Category').selectOption('food');
      await filters.getByLabel('Include unchecked listings').check();
      await filters.getByRole('button', { name: 'Apply filters' }).tap();

      // The same URL with JavaScript on or off: bookmarks, Back and shared links agree.
      await expect(page).toHaveURL(
        '/results?postcode=BS1+4DJ&distance=10&category=food&serviceTypes=any&includeUnverified=true&page=1&pageSize=10',
      );
      const inUse = page.getByRole('region', { name: 'Filters in use' });
      await expect(inUse.getByRole('button', { name: 'Remove filter: Food' })).toBeVisible();
      await expect(
        inUse.getByRole('button', { name: 'Remove filter: Including unchecked listings' }),
      ).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toContainText('BS1 4DJ');
      await expect(page.getByRole('article').first()).toBeVisible();
      if (javaScriptEnabled) await expectNoAxeViolations(page);
    });
  });
}

test('on a wide screen the navigation is always shown and there is no Menu', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto('/about');
  const navigation = mainNavigation(page);
  await expect(navigation.getByRole('link', { name: 'Events' })).toBeVisible();
  await expect(navigation.getByText('Menu', { exact: true })).toBeHidden();
  await context.close();
});

test('with the app, Escape closes the phone menu and leaves focus on Menu', async ({ page }) => {
  await page.goto('/about');
  const navigation = mainNavigation(page);
  const menu = navigation.getByText('Menu', { exact: true });
  await menu.tap();
  await expect(navigation.getByRole('link', { name: 'Events' })).toBeVisible();
  await navigation.getByRole('link', { name: 'Home' }).focus();

  await page.keyboard.press('Escape');

  await expect(navigation.getByRole('link', { name: 'Events' })).toBeHidden();
  await expect(navigation.locator('summary')).toBeFocused();
});
