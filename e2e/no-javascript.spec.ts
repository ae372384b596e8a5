import { expect, test } from './fixtures';

// Issue 13: pages come as HTML from the server, so the search journey works before (and
// without) any JavaScript, as GOV.UK services do; unknown addresses answer 404. (axe needs
// JavaScript to run: the same pages are checked with it on in the other stories.)

test.describe('with JavaScript turned off', () => {
  test.use({ javaScriptEnabled: false });

  test('a resident searches by postcode, opens a service, reads the next page and goes back', async ({
    page,
  }) => {
    await page.goto('/search?category=health');
    await page.getByLabel('Postcode (required)').fill('BS1 4DJ');
    await page.getByLabel('Search radius').selectOption('5');
    await page.getByRole('button', { name: 'Search', exact: true }).click();

    await expect(page).toHaveURL(/\/results\?postcode=BS1\+4DJ&distance=5/);
    const heading = page.getByRole('heading', {
      level: 1,
      name: /Services available near BS1 4DJ/,
    });
    await expect(heading).toHaveText(/\(10 of \d+ results\)/);
    const total = Number((await heading.textContent())?.match(/of (\d+) results/)?.[1]);
    expect(total).toBeGreaterThan(20);
    await expect(page.getByRole('article')).toHaveCount(10);

    // The next page: the first ten again and ten more, at the first new one.
    await page.getByRole('link', { name: 'Load more results' }).click();
    await expect(page).toHaveURL(/page=2#result-11$/);
    await expect(heading).toHaveText(/\(20 of \d+ results\)/);
    await expect(page.getByRole('article')).toHaveCount(20);
    const eleventh = page.getByRole('article').nth(10);
    const name = (await eleventh.getByRole('heading').textContent()) ?? '';
    expect(name).not.toBe('');

    // A service's details, in the page.
    await eleventh.getByRole('link', { name: /^MORE INFO/ }).click();
    await expect(page).toHaveURL(/serviceId=/);
    const details = page.getByRole('region', { name });
    await expect(details).toBeVisible();
    await expect(details.getByText('Source', { exact: true })).toBeVisible();
    await expect(details).not.toContainText('N/A');

    await details.getByRole('link', { name: 'Back to the results' }).click();
    await expect(page).not.toHaveURL(/serviceId=/);
    await expect(page.getByRole('region', { name })).toHaveCount(0);
    await expect(page.getByRole('article').first()).toBeVisible();
  });

  test('a postcode that cannot be found is corrected on the form, not a "Search Failed" page', async ({
    page,
  }) => {
    await page.goto('/results?postcode=ZZ9%209ZZ&distance=5');
    await expect(page.getByRole('heading', { level: 1, name: 'Check the postcode' })).toBeVisible();
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await expect(summary.getByRole('link', { name: /find ZZ9 9ZZ/i })).toHaveAttribute(
      'href',
      '#results-postcode',
    );
    await expect(page.getByRole('textbox', { name: 'Postcode' })).toHaveAccessibleDescription(
      /find ZZ9 9ZZ/i,
    );
    await expect(page.getByRole('heading', { name: 'Search Failed' })).toBeHidden();

    await page.getByRole('textbox', { name: 'Postcode' }).fill('BS1 4DJ');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: /BS1 4DJ/ })).toBeVisible();
  });

  // Issue 28: each page's own title comes from the server, for tabs, history and bookmarks.
  test('each page has its own title', async ({ page }) => {
    await page.goto('/about');
    await expect(page).toHaveTitle('About us – Locals');
    await page.goto('/results?postcode=BS1%204DJ&distance=5');
    await expect(page).toHaveTitle(/BS1 4DJ.* – Locals$/);
    await page.goto('/events');
    await expect(page).toHaveTitle('Community events – Locals');
  });

  test('a keyword from the home page needs a postcode, and the results keep the keyword', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByLabel('What are you looking for?').fill('food bank');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/results\?keyword=food\+bank/);

    await page.getByLabel('Postcode', { exact: true }).fill('BS1 4DJ');
    await page
      .getByRole('form', { name: 'Change postcode' })
      .getByRole('button', { name: 'Search' })
      .click();
    await expect(page).toHaveURL(/postcode=BS1\+4DJ/);
    await expect(page).toHaveURL(/keyword=food\+bank/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('BS1 4DJ');
  });
});

test('an unknown address answers HTTP 404 with the not-found page', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: /home/i }).first().click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Locals helping locals' }),
  ).toBeVisible();
});

test('a page from the server is taken over by the app without a mismatch', async ({ page }) => {
  // The fixture fails the story on any console error, a hydration mismatch included.
  const response = await page.goto('/results?postcode=BS1%204DJ&distance=5&category=health');
  expect(response?.status()).toBe(200);
  const html = await response!.text();
  expect(html).toContain('Services available near BS1 4DJ');
  // The app's scripts never hold up the first paint of a page already there.
  expect(html).toMatch(
    /<script type="module" fetchpriority="low" crossorigin src="\/assets\/index-/,
  );

  // Once the app has taken over, More info opens the dialog without leaving the page.
  const card = page.getByRole('article').first();
  await card.getByRole('link', { name: /^MORE INFO/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(card.getByRole('link', { name: /^MORE INFO/ })).toBeFocused();
});
