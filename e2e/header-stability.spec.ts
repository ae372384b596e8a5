import type { Browser, Page } from '@playwright/test';
import { expect, signInAsNewResident, test } from './fixtures';

// Issue 13: nothing jumps. The header used to render no sign-in control until /api/auth/me
// answered; then "Sign In" wrapped to a new row at 412 px and pushed the page down 76 px. Pages
// now come from the server with the session known: the header and the page under it must sit
// where the server put them once the app has taken over, signed out and signed in.

const headerBox = async (page: Page) => {
  const box = await page.getByRole('banner').boundingBox();
  if (!box) throw new Error('no header');
  return { height: box.height, bottom: box.y + box.height };
};

/** The page as the server sent it: the same address and cookies, with JavaScript off. */
async function asServerSentIt(browser: Browser, page: Page, path: string) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: page.viewportSize(),
    storageState: await page.context().storageState(),
  });
  const serverPage = await context.newPage();
  await serverPage.goto(path);
  const header = await headerBox(serverPage);
  const heading = await serverPage.getByRole('heading', { level: 1 }).boundingBox();
  await context.close();
  return { header, heading };
}

for (const width of [320, 412, 768, 1280]) {
  test(`at ${width} px, signed out, the header and page stay where the server put them`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width, height: 915 });
    const sent = await asServerSentIt(browser, page, '/about');

    await page.goto('/about');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(await headerBox(page)).toEqual(sent.header);
    expect(await page.getByRole('heading', { level: 1 }).boundingBox()).toEqual(sent.heading);
    if (width >= 412) {
      // From 412 px "Sign In" shares the logo's row instead of adding one.
      const logo = await banner.getByRole('link', { name: 'Locals home page' }).boundingBox();
      const signIn = await banner.getByRole('button', { name: 'Sign In' }).boundingBox();
      expect(signIn!.y).toBeLessThan(logo!.y + logo!.height);
    }
  });
}

test('at 412 px the header is as tall signed in as signed out, from the server and after', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 412, height: 915 });
  await page.goto('/about');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();
  const signedOut = await headerBox(page);

  const resident = await signInAsNewResident(page, '/about');
  await expect(page.getByRole('banner')).toContainText(
    `${resident.firstName} ${resident.lastName}`,
  );
  expect(await headerBox(page)).toEqual(signedOut);

  // The server renders who is signed in, so the header does not change when the app takes over.
  const sent = await asServerSentIt(browser, page, '/about');
  expect(sent.header).toEqual(signedOut);
  await page.reload();
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeVisible();
  expect(await headerBox(page)).toEqual(signedOut);
});
