import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

const dataDir = join(import.meta.dirname, '..', process.env.E2E_DATA_DIR ?? '.tmp/e2e-data');

/** Runs axe against the page (or a part of it) and fails with the rule ids and targets found. */
export async function expectNoAxeViolations(page: Page, include?: string): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'wcag22aa',
  ]);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const summary = violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, 'axe violations').toEqual([]);
  // axe 4 no longer checks that ids are unique; a repeated id makes aria-labelledby name the
  // wrong element (a dialog's heading once took a card's name), so the page is checked here.
  const repeatedIds = await page.evaluate(() => {
    const ids = Array.from(document.querySelectorAll('[id]'), (element) => element.id);
    return [...new Set(ids.filter((id, index) => ids.indexOf(id) !== index))];
  });
  expect(repeatedIds, 'ids used more than once').toEqual([]);
}

export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** The mail the server wrote to DATA_DIR/outbox (or another server's), newest last. */
export async function readOutbox(serverDataDir = dataDir): Promise<OutboxMessage[]> {
  const dir = join(serverDataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [])).filter((f) => f.endsWith('.json')).sort();
  return Promise.all(
    files.map(async (file) => JSON.parse(await readFile(join(dir, file), 'utf8')) as OutboxMessage),
  );
}

export async function latestMailTo(
  address: string,
  { serverDataDir = dataDir, subject }: { serverDataDir?: string; subject?: RegExp } = {},
): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(async () => {
      found = (await readOutbox(serverDataDir))
        .filter((m) => m.to.includes(address) && (!subject || subject.test(m.subject)))
        .at(-1);
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

/** Every story fails on an unexpected browser console error or uncaught page error. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page, javaScriptEnabled }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      // Pages arrive as HTML from the server (issue 13): a story acts on a page once the app has
      // taken it over, as a person's tap on a button before then does nothing.
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        if (javaScriptEnabled !== false) {
          await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
        }
        return response;
      };
      await use(errors);
      // Map tiles and intentionally failed API calls log network errors; anything else is a bug.
      const unexpected = errors.filter((text) => !/Failed to load resource/.test(text));
      expect(unexpected, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export type Resident = { firstName: string; lastName: string; email: string; password: string };

export function newResident(firstName = 'Ada'): Resident {
  const unique = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  return {
    firstName,
    lastName: 'Lovelace',
    email: `${firstName.toLowerCase()}-${unique}@example.org`,
    password: 'analytical engine 1843',
  };
}

/**
 * For stories that are not about signing in: registers through the API, then signs in the way a
 * person does (header button, issuer's page) and comes back to `returnPath`.
 */
export async function signInAsNewResident(page: Page, returnPath: string, firstName = 'Ada') {
  const resident = newResident(firstName);
  const response = await page.request.post('/api/auth/register', {
    headers: { 'X-Requested-With': 'locals' },
    data: resident,
  });
  expect(response.status()).toBe(201);
  await page.goto(returnPath);
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Login or Register' }).click();
  await page.waitForURL(/\/signin\/[^/]+$/);
  await page.getByLabel('Email address').fill(resident.email);
  await page.getByLabel('Password', { exact: true }).fill(resident.password);
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  await expect(
    page.getByRole('banner').getByText(`Welcome, ${resident.firstName} ${resident.lastName}`),
  ).toBeVisible();
  return resident;
}
