import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Every page names its API routes through the contracts, whose zod schemas load only on demand:
 * what a person downloads to see a page and its results carries no zod (about 29 KB gzipped).
 * zod 4 keeps its internals on `_zod`, a property name no minifier renames.
 */
async function scriptsLoadedBy(page: Page, visit: () => Promise<void>): Promise<string[]> {
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') {
      scripts.push(response.text().then((code) => `${response.url()}\n${code}`));
    }
  });
  await visit();
  await page.waitForLoadState('networkidle');
  return Promise.all(scripts);
}

const withZod = (scripts: string[]) =>
  scripts.filter((script) => script.includes('._zod')).map((script) => script.split('\n')[0]);

test('the search page, results and a service detail load no zod', async ({ page }) => {
  const scripts = await scriptsLoadedBy(page, async () => {
    await page.goto('/search');
    await page.getByLabel('Postcode (required)').fill('bs1 4dj');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: /Services available near BS1 4DJ/ }),
    ).toBeVisible();
    await page
      .getByRole('article')
      .first()
      .getByRole('link', { name: /^MORE INFO/ })
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });

  expect(scripts.length).toBeGreaterThan(1);
  expect(withZod(scripts)).toEqual([]);
});
