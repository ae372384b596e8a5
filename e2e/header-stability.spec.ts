import type { Page, Route } from '@playwright/test';
import { expect, signInAsNewResident, test } from './fixtures';

// Issue 13: nothing jumps. The header used to render no sign-in control until /api/auth/me
// answered; then "Sign In" wrapped to a new row at 412 px and pushed the page down 76 px.

/** Holds /api/auth/me until `release` is called, so the page can be measured before the answer. */
async function holdSessionAnswer(page: Page) {
  const held: Route[] = [];
  let isReleased = false;
  let arrived: () => void = () => {};
  const asked = new Promise<void>((resolve) => (arrived = resolve));
  await page.route('**/api/auth/me', async (route) => {
    if (isReleased) return route.continue();
    held.push(route);
    arrived();
  });
  return {
    asked,
    release: async () => {
      isReleased = true;
      await Promise.all(held.map((route) => route.continue()));
    },
  };
}

const headerBox = async (page: Page) => {
  const box = await page.getByRole('banner').boundingBox();
  if (!box) throw new Error('no header');
  return { height: box.height, bottom: box.y + box.height };
};

for (const width of [320, 412, 768, 1280]) {
  test(`at ${width} px the header keeps its size while signed-out /api/auth/me answers`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 915 });
    const session = await holdSessionAnswer(page);

    await page.goto('/about');
    await session.asked;
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const heading = page.getByRole('heading', { level: 1 });
    const before = await headerBox(page);
    const headingBefore = await heading.boundingBox();

    await session.release();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();

    expect(await headerBox(page)).toEqual(before);
    expect(await heading.boundingBox()).toEqual(headingBefore);
    if (width >= 412) {
      // From 412 px "Sign In" shares the logo's row instead of adding one.
      const banner = page.getByRole('banner');
      const logo = await banner.getByRole('link', { name: 'Locals home page' }).boundingBox();
      const signIn = await banner.getByRole('button', { name: 'Sign In' }).boundingBox();
      expect(signIn!.y).toBeLessThan(logo!.y + logo!.height);
    }
  });
}

test('at 412 px the header is as tall signed in as while asking and signed out', async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 915 });
  await page.goto('/about');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();
  const signedOut = await headerBox(page);
  const resident = await signInAsNewResident(page, '/about');
  expect(await headerBox(page)).toEqual(signedOut);

  // A fresh load: the session answer is held, then says who is signed in.
  const session = await holdSessionAnswer(page);
  await page.reload();
  await session.asked;
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await headerBox(page)).toEqual(signedOut);
  await session.release();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(
    `${resident.firstName} ${resident.lastName}`,
  );
  expect(await headerBox(page)).toEqual(signedOut);
});
