import { expect, expectNoAxeViolations, test } from './fixtures';

test('a resident keeps the results already shown when more fail to load, then tries again', async ({
  page,
}) => {
  let isPageTwoDown = true;
  let pageTwoCalls = 0;
  await page.route(
    (url) =>
      url.pathname === '/api/HealthServices/search-new' && url.searchParams.get('page') === '2',
    (route) => {
      pageTwoCalls += 1;
      if (!isPageTwoDown) return route.continue();
      return route.fulfill({
        status: 503,
        json: { code: 'internal', message: 'Something went wrong' },
      });
    },
  );

  await page.goto('/results?postcode=BS1%204DJ&distance=5&category=health');
  const heading = page.getByRole('heading', { level: 1, name: /Services available near BS1 4DJ/ });
  await expect(heading).toHaveText(/\(10 of \d+ results\)/);
  const total = Number((await heading.textContent())?.match(/of (\d+) results/)?.[1]);
  expect(total).toBeGreaterThan(10);

  // Scrolling near the end asks for page 2, which fails after the client's 3 retries (6 s).
  await page.mouse.wheel(0, 4000);
  await expect(
    page.getByText('We could not load more results. Check your connection and try again.'),
  ).toBeVisible({ timeout: 15_000 });
  expect(pageTwoCalls).toBe(4);
  await expect(page.getByRole('heading', { name: 'Search Failed' })).toBeHidden();
  await expect(page.getByRole('article')).toHaveCount(10);
  await expect(page.getByText(/Showing sample data/)).toBeHidden();
  await expectNoAxeViolations(page);

  isPageTwoDown = false;
  await page.getByRole('link', { name: 'Try again' }).click();

  // Page 2 joins the list (and, the end of the list being near, more may follow it).
  await expect
    .poll(() => page.getByRole('article').count())
    .toBeGreaterThanOrEqual(Math.min(20, total));
  await expect(page.getByText('We could not load more results.', { exact: false })).toBeHidden();
});
