import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, latestMailTo, test } from './fixtures';

// Issue 28: a common phone, with JavaScript on and off. What a person meets there must work
// either way: a control that needs the app to answer is a dead end on a slow or script-free phone.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

function mainNavigation(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

function cookieMessage(page: Page) {
  return page.getByRole('region', { name: 'Cookie consent' });
}

/** Where a part of the page is on the screen, or fails when it is not laid out. */
async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator.toString()} has no box on the screen`);
  return box;
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

    test('on a first visit the nearest result, its distance and phone are on the first screen', async ({
      page,
    }) => {
      await page.goto('/results?postcode=BS1%204DJ&category=food');
      const message = cookieMessage(page);
      await expect(message).toBeVisible();
      const first = page.getByRole('article').first();
      const phone = first.getByRole('link', { name: /^0\d/ }).first();
      await expect(phone).toBeVisible();

      // The cookie message takes at most a quarter of the screen and covers none of it.
      const messageBox = await boxOf(message);
      expect(messageBox.height).toBeLessThanOrEqual(844 / 4);
      for (const part of [first.getByRole('heading'), first.getByText(/miles away$/), phone]) {
        const box = await boxOf(part);
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height).toBeLessThanOrEqual(messageBox.y);
      }
      // The search is one line with Change; the form opens from it.
      const change = page.getByText('Change search');
      await expect(page.getByRole('form', { name: 'Change postcode' })).toBeHidden();
      await change.tap();
      const form = page.getByRole('form', { name: 'Change postcode' });
      await expect(form).toBeVisible();
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      await form.getByLabel('Postcode').fill('E1 6AN');
      await form.getByRole('button', { name: 'Search' }).tap();
      await expect(page.getByRole('heading', { level: 1 })).toContainText('E1 6AN');
      await expect(page).toHaveURL(/category=food/);
    });

    test('the cookie choice is made, remembered and gone, back on the same page', async ({
      page,
      context,
    }) => {
      await page.goto('/about');
      await expect(cookieMessage(page)).toBeVisible();
      if (javaScriptEnabled) await expectNoAxeViolations(page);

      await cookieMessage(page).getByRole('button', { name: 'Reject' }).tap();

      await expect(cookieMessage(page)).toBeHidden();
      await expect(page).toHaveURL(/\/about$/);
      const cookies = await context.cookies();
      expect(cookies.find((cookie) => cookie.name === 'cookieConsent')?.value).toBe('rejected');
      await page.goto('/events');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(cookieMessage(page)).toBeHidden();
    });

    test('Close hides the cookie message until the browser is closed, choosing nothing', async ({
      page,
      context,
    }) => {
      await page.goto('/events');
      await cookieMessage(page).getByRole('button', { name: 'Close cookie message' }).tap();

      await expect(cookieMessage(page)).toBeHidden();
      await expect(page).toHaveURL(/\/events$/);
      await page.goto('/about');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(cookieMessage(page)).toBeHidden();
      const cookies = await context.cookies();
      expect(cookies.find((cookie) => cookie.name === 'cookieConsent')).toBeUndefined();
      // A session cookie: the next time the browser opens, the message asks again.
      expect(cookies.find((cookie) => cookie.name === 'cookieMessageClosed')?.expires).toBe(-1);
    });

    test('the newsletter form subscribes, and a mistyped address is kept and explained', async ({
      page,
    }) => {
      const urls: string[] = [];
      page.on('request', (request) => urls.push(request.url()));
      await page.goto('/');
      const email = `phone-${Date.now()}-${javaScriptEnabled ? 'js' : 'nojs'}@example.org`;
      const field = page.getByLabel('Email address');
      await field.fill('sam at example');
      await page.getByRole('button', { name: 'Subscribe' }).tap();

      await expect(field).toHaveAccessibleDescription(/Please enter a valid email address/);
      await expect(field).toHaveValue('sam at example');
      if (!javaScriptEnabled) {
        await expect(page).toHaveTitle('Error: Join our community newsletter – Locals');
        await expect(page.getByRole('alert', { name: 'There is a problem' })).toBeVisible();
      }
      if (javaScriptEnabled) await expectNoAxeViolations(page);

      await field.fill(email);
      await page.getByRole('button', { name: 'Subscribe' }).tap();

      if (javaScriptEnabled) {
        await expect(page.getByText('Successfully subscribed to newsletter!')).toBeVisible();
      } else {
        await expect(page).toHaveURL(/\/newsletter\/subscribed$/);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are subscribed');
      }
      await latestMailTo(email);
      // What was typed never travels in an address (server logs, history, shared links).
      expect(urls.filter((url) => /example|%40|@/.test(url))).toEqual([]);
    });

    test('Sign In leads to the sign-in page', async ({ page }) => {
      await page.goto('/events');

      await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).tap();

      if (javaScriptEnabled) {
        // With the app, the choice of signing in or registering opens over the page first.
        await page.getByRole('dialog').getByRole('button', { name: 'Login or Register' }).tap();
      }
      await expect(page).toHaveURL(/\/signin\/[^/]+$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to Locals');
    });

    test('a keyword with no place asks for the place, then finds it there', async ({ page }) => {
      await page.goto('/results?keyword=food%20bank');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'Where are you looking for help?',
      );
      if (javaScriptEnabled) await expectNoAxeViolations(page);

      await page.getByLabel('Postcode', { exact: true }).fill('BS1 4DJ');
      await page
        .getByRole('form', { name: 'Change postcode' })
        .getByRole('button', { name: 'Search' })
        .tap();

      await expect(page.getByRole('heading', { level: 1 })).toContainText('BS1 4DJ');
      await expect(page).toHaveURL(/keyword=food\+bank/);
      await expect(page.getByRole('article').first()).toBeVisible();
    });

    test('the map page lists its services for a browser without the map', async ({ page }) => {
      await page.goto('/map?postcode=BS1%204DJ&category=food');
      const list = page.getByRole('region', { name: 'The services on the map' });
      if (javaScriptEnabled) {
        await expect(
          page.getByRole('region', { name: /Map of services near BS1 4DJ/ }),
        ).toBeVisible();
        await expect(list).toHaveCount(0);
        return;
      }
      await expect(list).toBeVisible();
      await expect(list).toContainText('The map needs JavaScript');
      // Nothing on the page waits for a script that will never run.
      await expect(
        page
          .getByRole('main')
          .getByText(/Loading/)
          .filter({ visible: true }),
      ).toHaveCount(0);
      const first = list.getByRole('listitem').first();
      await expect(first).toContainText(/miles away/);
      const name = (await first.getByRole('link').textContent()) ?? '';

      await first.getByRole('link').tap();

      // Without JavaScript the details are a region of the results page.
      await expect(page.getByRole('region', { name })).toBeVisible();
    });
  });
}

test('without JavaScript the sign-in page says signing in needs it, not "Loading..." for ever', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();

  await expect(page).toHaveURL(/\/signin\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to Locals');
  await expect(page.getByText(/^Signing in needs JavaScript/)).toBeVisible();
  await expect(page.getByText('Loading...')).toBeHidden();
  await context.close();
});

test('without JavaScript, List your services says how to apply instead', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/list-services');

  await expect(page.getByText(/^The application form needs JavaScript/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'support@locals.org.uk' })).toHaveAttribute(
    'href',
    'mailto:support@locals.org.uk',
  );
  await context.close();
});

test('every public page has its own description from the server', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const descriptions = new Set<string>();
  for (const path of [
    '/',
    '/results?postcode=BS1%204DJ',
    '/map',
    '/events',
    '/about',
    '/support',
  ]) {
    await page.goto(path);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description, path).toBeTruthy();
    descriptions.add(description ?? '');
  }
  expect(descriptions.size).toBe(6);
  await context.close();
});

test('a refused location says nothing until asked, then once, kindly, in place', async ({
  page,
}) => {
  // This browser is not allowed to share its position: the home page's own detection is refused.
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Use my location' })).toBeVisible();
  await expect(page.getByText(/Enter a postcode instead/)).toHaveCount(0);

  await page.getByRole('button', { name: 'Use my location' }).tap();

  const message = page.getByText(/Your browser is not sharing your location with Locals/);
  await expect(message).toBeVisible();
  await expect(message).toHaveCount(1);
  await expect(page.getByText(/Location Error|denied/)).toHaveCount(0);
  // Said where it was asked: next to the button, not over the logo.
  const logo = await boxOf(
    page.getByRole('banner').getByRole('link', { name: 'Locals home page' }),
  );
  const said = await boxOf(message);
  expect(said.y).toBeGreaterThan(logo.y + logo.height);
});

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

test('on a phone the text size is in the menu, and applies to the whole page', async ({ page }) => {
  await page.goto('/about');
  const navigation = mainNavigation(page);
  await expect(
    page.getByRole('banner').getByLabel('Text size').filter({ visible: true }),
  ).toHaveCount(0);

  await navigation.getByText('Menu', { exact: true }).tap();
  await navigation.getByLabel('Text size').selectOption('large');

  await expect(page.locator('html')).toHaveClass(/font-size-large/);
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
