import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, readOutbox, signInAsNewResident, test } from './fixtures';

const WRITE = { 'X-Requested-With': 'locals' };

type FoundService = { id: string; name: string; serviceTypes: string[] };

/** Real services near Westminster, with distinct names so each can be picked out on the page. */
async function servicesNearSW1A(page: Page, count: number): Promise<FoundService[]> {
  const response = await page.request.get(
    '/api/HealthServices/search-new?postcode=SW1A%201AA&distance=10',
  );
  expect(response.ok()).toBe(true);
  const { results } = (await response.json()) as { results: FoundService[] };
  const distinct = results.filter(
    (service, index) => results.findIndex((other) => other.name === service.name) === index,
  );
  expect(distinct.length).toBeGreaterThanOrEqual(count);
  return distinct.slice(0, count);
}

async function bookmark(page: Page, service: FoundService) {
  const response = await page.request.post('/api/bookmarks', {
    headers: WRITE,
    data: { serviceId: service.id },
  });
  expect(response.ok()).toBe(true);
}

test.describe('bookmarks', () => {
  test('a resident keeps a list of services, prints it, shares it read-only and stops sharing', async ({
    page,
    browser,
  }) => {
    await signInAsNewResident(page, '/bookmarks');
    const [kept, removed] = await servicesNearSW1A(page, 2);
    if (!kept || !removed) throw new Error('two services are needed');
    await bookmark(page, kept);
    await bookmark(page, removed);

    await page.reload();
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'My Bookmarks' })).toBeVisible();
    // Spec 2: grouped by the first service type, 'Other' when there is none.
    for (const service of [kept, removed]) {
      const group = main.getByRole('region', {
        name: service.serviceTypes[0] ?? 'Other',
        exact: true,
      });
      await expect(group.getByRole('heading', { level: 4, name: service.name })).toBeVisible();
    }
    await expectNoAxeViolations(page);

    await main.getByRole('button', { name: kept.name, exact: true }).click();
    const detail = page.getByRole('dialog', { name: kept.name });
    await expect(detail).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();

    await main.getByRole('button', { name: `Remove ${removed.name} from bookmarks` }).click();
    await expect(page.getByText('Service removed from bookmarks.', { exact: true })).toBeVisible();
    await page.reload();
    await expect(main.getByRole('heading', { level: 4, name: kept.name })).toBeVisible();
    await expect(main.getByRole('heading', { name: removed.name })).toHaveCount(0);

    // Printing shows the list alone: no site header, footer or buttons.
    await page.evaluate(() => {
      window.print = () => document.body.setAttribute('data-printed', 'yes');
    });
    await main.getByRole('button', { name: 'Print my list' }).click();
    await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes');
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('contentinfo')).toBeHidden();
    await expect(main.getByRole('button', { name: 'Print my list' })).toBeHidden();
    await expect(main.getByRole('heading', { level: 4, name: kept.name })).toBeVisible();
    await page.emulateMedia({ media: 'screen' });

    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await main.getByRole('button', { name: 'Create a share link' }).click();
    const linkField = main.getByLabel('Your share link');
    await expect(linkField).toHaveValue(/\/shared\/bookmarks\/.+/);
    const shareUrl = await linkField.inputValue();
    await main.getByRole('button', { name: 'Copy link' }).click();
    await expect(
      page.getByText('Share link has been copied to clipboard.', { exact: true }),
    ).toBeVisible();

    // Someone else, not signed in, opens the link.
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto(shareUrl);
    await expect(
      visitor.getByRole('heading', { level: 1, name: 'Shared list of services' }),
    ).toBeVisible();
    await expect(visitor.getByRole('heading', { level: 2, name: kept.name })).toBeVisible();
    await expect(visitor.getByRole('heading', { name: removed.name })).toHaveCount(0);
    await expect(
      visitor.getByRole('banner').getByRole('button', { name: 'Sign In' }),
    ).toBeVisible();
    await expectNoAxeViolations(visitor);
    await visitor.getByRole('button', { name: kept.name, exact: true }).click();
    await expect(visitor.getByRole('dialog', { name: kept.name })).toBeVisible();

    await main.getByRole('button', { name: 'Stop sharing' }).click();
    await page
      .getByRole('dialog', { name: 'Stop sharing your list?' })
      .getByRole('button', { name: 'Yes, stop sharing' })
      .click();
    await expect(main.getByRole('button', { name: 'Create a share link' })).toBeVisible();

    await visitor.reload();
    await expect(visitor.getByText('This shared list is no longer available.')).toBeVisible();
    await expect(
      visitor.getByRole('link', { name: 'search for services near you' }),
    ).toHaveAttribute('href', '/search');
    await visitorContext.close();
  });

  // Issue 26: open data nobody has claimed on Locals goes to moderators, never to the listing's
  // address (an organisation that never joined). A claimed listing's provider path is tested in
  // apps/api/src/modules/suggestions/suggestions.test.ts.
  test('a suggestion about an unclaimed listing goes to a Locals moderator, not its address', async ({
    page,
  }) => {
    await signInAsNewResident(page, '/bookmarks');
    const [service] = await servicesNearSW1A(page, 1);
    if (!service) throw new Error('a service is needed');
    const suggestionText = `Please list your step-free entrance (${Date.now()}).`;
    const sent = await page.request.post('/api/suggestions', {
      headers: WRITE,
      data: { serviceId: service.id, suggestionText },
    });
    expect(sent.ok()).toBe(true);

    await page.reload();
    const mine = page.getByRole('region', { name: 'My suggestions' });
    const item = mine.getByRole('article', { name: `Suggestion for ${service.name}` });
    await expect(item).toContainText(suggestionText);
    await expect(item).toContainText('Waiting for a Locals moderator');
    const mailed = (await readOutbox()).filter((mail) => mail.text.includes(suggestionText));
    expect(mailed).toEqual([]);

    await page.goto('/suggestions/respond?token=not-a-real-token-000000000000');
    await expect(
      page.getByRole('heading', { level: 1, name: 'This link is not valid or has expired.' }),
    ).toBeVisible();
  });

  test('signed out, the bookmarks page asks the visitor to log in', async ({ page }) => {
    await page.goto('/bookmarks');
    await expect(page.getByRole('heading', { level: 1, name: 'Login Required' })).toBeVisible();
    await expect(page.getByText('You must log in to view your bookmarks.')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });
});
