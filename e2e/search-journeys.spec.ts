import { expect, expectNoAxeViolations, test } from './fixtures';
import type { Page } from '@playwright/test';

const SAMPLE_BANNER =
  'Showing sample data due to API connectivity issues. Results may not reflect actual services.';

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

test.describe('search journeys (issue 10)', () => {
  test('a resident looking for a food bank near E1 6AN sees food banks first and no pharmacy', async ({
    page,
  }) => {
    await page.goto('/search');
    await page.getByLabel('Postcode (required)').fill('e1 6an');
    await page.getByLabel('Keyword (optional)').fill('food bank');
    await page.getByRole('button', { name: 'Search', exact: true }).click();

    await expect(
      page.getByRole('heading', {
        level: 1,
        name: /^Services matching 'food bank' near E1 6AN \(10 of \d+ results\)$/,
      }),
    ).toBeVisible();
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(10);
    for (const card of (await cards.all()).slice(0, 5))
      await expect(card).toContainText('Food bank');
    await expect(cards.filter({ hasText: /pharmacy|chemist/i })).toHaveCount(0);
    // The keyword is one of the filters in use, and can be taken away.
    await expect(
      page.getByRole('button', { name: 'Remove filter: Keyword: food bank' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('Back from an open detail, or from another page, returns to the same results at the same place', async ({
    page,
  }) => {
    await page.goto('/results?postcode=E1%206AN&distance=10&keyword=food%20bank');
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(10);
    // Scrolling down brings in more pages.
    await expect
      .poll(async () => {
        await page.mouse.wheel(0, 3000);
        return cards.count();
      })
      .toBeGreaterThanOrEqual(20);

    const card = cards.nth(14);
    const name = (await card.getByRole('heading', { level: 2 }).textContent()) ?? '';
    await card.scrollIntoViewIfNeeded();
    // Scrolling may bring in another page; wait until the list is still.
    await expect(page.getByText('Loading more results...')).toBeHidden();
    const place = await scrollY(page);
    const loaded = await cards.count();
    expect(place).toBeGreaterThan(1000);

    await card.getByRole('link', { name: /^MORE INFO/ }).click();
    await expect(page.getByRole('dialog', { name })).toBeVisible();
    await expect(page).toHaveURL(/serviceId=/);
    await expectNoAxeViolations(page, '[role="dialog"]');

    await page.goBack();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page).not.toHaveURL(/serviceId=/);
    expect(await cards.count()).toBeGreaterThanOrEqual(loaded);
    await expect.poll(() => scrollY(page)).toBe(place);
    await expect(card).toBeInViewport();

    // Closing with the X goes Back too, so a second Back leaves /results, not the detail.
    await card.getByRole('link', { name: /^MORE INFO/ }).click();
    await page.getByRole('dialog', { name }).getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect.poll(() => scrollY(page)).toBe(place);

    // Off to /about from the footer, then Back. Clicking scrolls the link into view first and
    // the list may grow meanwhile, so note where the page was at the moment of the click.
    await page.evaluate(() =>
      document.addEventListener(
        'click',
        () => sessionStorage.setItem('e2e:left-at', String(window.scrollY)),
        { capture: true, once: true },
      ),
    );
    const about = page.getByRole('contentinfo').getByRole('link', { name: 'About Us' });
    const loadedAtFooter = await cards.count();
    await about.click();
    await expect(page).toHaveURL(/\/about$/);
    const leftAt = Number(await page.evaluate(() => sessionStorage.getItem('e2e:left-at')));
    expect(leftAt).toBeGreaterThan(place);
    await page.goBack();
    await expect(page).toHaveURL(/\/results\?/);
    // Every page loaded is back, so the page is long enough to return to the same place.
    expect(await cards.count()).toBeGreaterThanOrEqual(loadedAtFooter);
    await expect.poll(() => scrollY(page)).toBe(leftAt);
    await expectNoAxeViolations(page);
  });

  test('after an outage, the next search clears the sample data once the service is back', async ({
    page,
  }) => {
    let isDown = true;
    await page.route('**/api/HealthServices/search-new**', (route) =>
      isDown
        ? route.fulfill({
            status: 503,
            json: { code: 'internal', message: 'Something went wrong' },
          })
        : route.continue(),
    );
    // From the search form: a results address opened directly is searched on the server.
    await page.goto('/search?postcode=BS1%204DJ&distance=10');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText(SAMPLE_BANNER)).toBeVisible({ timeout: 15_000 });
    await expect(
      page.getByRole('heading', { name: 'Sample service 1', exact: true }),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    isDown = false;
    // The same search again: it must reach the server, not the sample kept from before.
    await page
      .getByRole('form', { name: 'Change postcode' })
      .getByRole('button', { name: 'Search' })
      .click();

    await expect(
      page.getByRole('heading', { level: 1, name: /Services available near BS1 4DJ/ }),
    ).toBeVisible();
    await expect(page.getByText(SAMPLE_BANNER)).toBeHidden();
    await expect(page.getByText(/Sample service/)).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  for (const [postcode, area] of [
    ['M1 1AE', 'Manchester'],
    ['EH1 1YZ', 'City of Edinburgh'],
  ] as const) {
    test(`a resident at ${postcode} is told ${area} is not covered yet, with national helplines`, async ({
      page,
    }) => {
      await page.goto(`/results?postcode=${encodeURIComponent(postcode)}&distance=10`);

      await expect(
        page.getByRole('heading', { level: 1, name: `Locals does not cover ${area} yet` }),
      ).toBeVisible();
      const helplines = page.getByRole('region', { name: 'National helplines' });
      await expect(helplines.getByRole('link', { name: /^116 123/ })).toHaveAttribute(
        'href',
        'tel:116123',
      );
      await expect(helplines).toContainText('call 999');
      await expect(page.getByText(/Try widening/)).toHaveCount(0);
      await expect(page.getByRole('link', { name: /Search within/ })).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'No Results Found' })).toHaveCount(0);
      await expectNoAxeViolations(page);
    });
  }

  test('a category with no local services says so above the demo listings, with its helplines', async ({
    page,
  }) => {
    await page.goto(
      '/results?postcode=BS1%204DJ&distance=10&category=housing&includeUnverified=true',
    );

    const gap = page.getByRole('region', { name: 'No local Housing services listed yet' });
    await expect(gap).toContainText(
      'Locals has no Housing services within 10 miles of BS1 4DJ yet.',
    );
    await expect(gap.getByRole('heading', { name: 'StreetLink' })).toBeVisible();
    await expect(page.getByRole('article').first()).toContainText('Demo listing');
    await expectNoAxeViolations(page);
  });

  test('a search with no postcode asks for one instead of listing the whole country', async ({
    page,
  }) => {
    const searches: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/HealthServices/search-new')) searches.push(request.url());
    });
    await page.goto('/results?category=food&distance=10');

    await expect(
      page.getByRole('heading', { level: 1, name: 'Where are you looking for help?' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    expect(searches).toEqual([]);

    await page.getByLabel('Postcode', { exact: true }).fill('bs1 4dj');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: /Services available near BS1 4DJ/ }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove filter: Food' })).toBeVisible();
  });

  test('a misspelt keyword says similar spellings were used, and filters are shown and removable', async ({
    page,
  }) => {
    await page.goto('/results?postcode=BS1%204DJ&distance=10&keyword=libary');

    await expect(
      page.getByRole('heading', { level: 1, name: /^Services matching 'library' near BS1 4DJ/ }),
    ).toBeVisible();
    await expect(page.getByText('Showing results for similar spellings')).toBeVisible();
    await expect(
      page.getByText("No exact matches for 'libary'; showing results for 'library'"),
    ).toBeVisible();

    await page.getByText('Filter results', { exact: true }).click();
    const form = page.getByRole('form', { name: 'Filter results' });
    await form.getByLabel('Open now').check();
    await expectNoAxeViolations(page);
    await form.getByRole('button', { name: 'Apply filters' }).click();

    await expect(page).toHaveURL(/openNow=true/);
    const openNow = page.getByRole('button', { name: 'Remove filter: Open now' });
    await expect(openNow).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Filters in use' })).toBeFocused();
    await expectNoAxeViolations(page);

    await openNow.click();
    await expect(page).not.toHaveURL(/openNow=/);
    await expect(openNow).toBeHidden();
  });
});
