import { expect, expectNoAxeViolations, test } from './fixtures';

const staticPages = [
  { path: '/about', heading: /about/i },
  { path: '/support', heading: /support|help/i },
  { path: '/terms', heading: /terms/i },
  { path: '/privacy', heading: /privacy/i },
  { path: '/cookies', heading: /cookie/i },
  { path: '/list-services', heading: /list your service/i },
  { path: '/events', heading: 'Community Events & Support' },
];

for (const { path, heading } of staticPages) {
  test(`${path} reads well, passes axe and leads back home`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
}

test('the home page passes axe', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Loading views...')).toBeHidden();
  await expectNoAxeViolations(page);
});

test('the privacy notice says truthfully what is stored', async ({ page }) => {
  await page.goto('/privacy');
  const main = page.getByRole('main');
  for (const item of [
    'notes',
    'bookmarks',
    'votes',
    'reviews',
    'newsletter',
    'cookieConsent',
    'fontSize',
  ]) {
    await expect(main).toContainText(new RegExp(item, 'i'));
  }
});

test('/about credits the open data it uses', async ({ page }) => {
  await page.goto('/about');
  const sources = page.getByRole('region', { name: 'Data sources' });
  await expect(sources).toContainText('Contains NHS England Organisation Data Service data');
  await expect(sources).toContainText('Contains OS data © Crown copyright');
  // The spec's invented figures never appear.
  await expect(page.getByRole('main')).not.toContainText('10,000+');
});

test('a charity opens the List Your Service form from both buttons and applies', async ({
  page,
}) => {
  await page.goto('/list-services');
  for (const name of ['Get Started Today', 'Apply to Join']) {
    await page.getByRole('button', { name }).click();
    const dialog = page.getByRole('dialog', { name: /list your service/i });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page, '[role="dialog"]');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name })).toBeFocused();
  }
});
