import { SiteViewsSchema } from '@locals/contracts/site-views';
import { expect, expectNoAxeViolations, latestMailTo, test } from './fixtures';

test('the visit counter counts a browser session once', async ({ page }) => {
  const increments: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/site-views/increment')) increments.push(request.method());
  });
  await page.goto('/');
  await expect(page.getByText(/visits?/i).first()).toBeVisible();
  await page.reload();
  await expect(page.getByText(/visits?/i).first()).toBeVisible();
  expect(increments).toEqual(['POST']);

  const views = SiteViewsSchema.parse(await (await page.request.get('/api/site-views')).json());
  expect(views.TotalViews).toBeGreaterThanOrEqual(1);
  expect(views.TodayViews).toBeGreaterThanOrEqual(1);
});

test('the home page offers the 12 categories', async ({ page }) => {
  await page.goto('/');
  for (const label of ['Social Care', 'Food', 'Mental Health', 'Welcome Spaces', 'Housing']) {
    await expect(page.getByRole('link', { name: new RegExp(label) })).toHaveAttribute(
      'href',
      /\/search\?category=/,
    );
  }
});

test('a resident subscribes to the newsletter and can unsubscribe from the email', async ({
  page,
}) => {
  const email = `resident-${Date.now()}@example.org`;
  await page.goto('/');
  await page.getByLabel(/email/i).last().fill(email);
  await page.getByRole('button', { name: /subscribe/i }).click();
  await expect(page.getByText('Successfully subscribed to newsletter!')).toBeVisible();
  await expect(page.getByLabel(/email/i).last()).toHaveValue('');

  const mail = await latestMailTo(email);
  const link = mail.text.match(/https?:\/\/\S+unsubscribe\?token=[\w-]+/)?.[0];
  expect(link, 'unsubscribe link in the email').toBeTruthy();
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: /unsubscribed/i })).toBeVisible();
  await expectNoAxeViolations(page);

  // The link works once: opening it again says so.
  await page.goto(link!);
  await expect(page).toHaveURL(/\/newsletter\/unsubscribe-failed$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'This unsubscribe link is not valid' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

test('when the newsletter service is down the resident is told plainly', async ({ page }) => {
  await page.route('**/api/newsletter/subscribe', (route) =>
    route.fulfill({ status: 503, body: '{}' }),
  );
  await page.goto('/');
  await page.getByLabel(/email/i).last().fill('someone@example.org');
  await page.getByRole('button', { name: /subscribe/i }).click();
  // Three retries wait 1 s + 2 s + 3 s before giving up.
  await expect(page.getByText('Failed to subscribe. Please try again.')).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByLabel(/email/i).last()).toHaveValue('someone@example.org');
});
