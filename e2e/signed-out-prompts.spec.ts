import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';

// A phone: the story is about taps, which need a touch screen.
test.use({ hasTouch: true, isMobile: true, viewport: { width: 412, height: 839 } });

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

async function searchNear(page: Page, postcode: string) {
  await page.goto('/search');
  await page.getByLabel('Postcode (required)').fill(postcode);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const card = page.getByRole('article').first();
  await expect(card).toBeVisible();
  const serviceName = (await card.getByRole('heading', { level: 2 }).textContent()) ?? '';
  expect(serviceName).not.toBe('');
  return { card, serviceName };
}

/**
 * A finger on the control's centre. Locator.tap() would wait forever: Playwright counts an
 * aria-disabled control as not enabled, which is exactly the dimmed control under test.
 */
async function tapOn(page: Page, control: Locator) {
  await control.scrollIntoViewIfNeeded();
  const box = await control.boundingBox();
  if (!box) throw new Error('the control is not on screen');
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

/** The sign-in prompt, open over the results, then closed again with Escape. */
async function expectSignInPromptFrom(page: Page, control: Locator, { checkAxe = false } = {}) {
  const prompt = page.getByRole('dialog', { name: 'Welcome to Locals' });
  await expect(prompt.getByRole('button', { name: 'Login or Register' })).toBeVisible();
  if (checkAxe) await expectNoAxeViolations(page, '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(prompt).toBeHidden();
  await expect(control).toBeFocused();
}

test.describe('login-only controls, signed out', () => {
  test('a visitor near BS1 4DJ taps SAVE, NOTES and a thumb on a card and is led to sign in each time', async ({
    page,
  }) => {
    const { card, serviceName } = await searchNear(page, 'bs1 4dj');
    const name = escapeRegExp(serviceName);

    // Dimmed, with the reason, but never dead: a tap on SAVE says why in spec 8's toast, with a
    // link to sign in, as an event's Bookmark does (issue 28).
    const save = card.getByRole('button', { name: `Save ${serviceName}`, exact: true });
    await expect(save).toHaveAttribute('aria-disabled', 'true');
    await expect(save).toHaveAccessibleDescription('Login required');
    await tapOn(page, save);
    const toast = page
      .getByRole('region', { name: 'Notifications (F8)' })
      .getByRole('listitem')
      .filter({ hasText: 'Authentication Required' });
    await expect(toast).toContainText('You must log in to bookmark services.');
    await expect(toast.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      /returnTo=%2Fresults%3F/,
    );
    await expectNoAxeViolations(page);
    // It goes by itself after 5 s (spec 9), before the next tap, which it could otherwise cover.
    await expect(toast).toBeHidden({ timeout: 10_000 });

    // Notes and the thumbs open the sign-in prompt.
    const notes = card.getByRole('button', { name: `Notes on ${serviceName}`, exact: true });
    await tapOn(page, notes);
    await expectSignInPromptFrom(page, notes, { checkAxe: true });
    await expect(page.getByRole('dialog', { name: `Notes on ${serviceName}` })).toHaveCount(0);

    const thumbsUp = card.getByRole('button', { name: new RegExp(`^Thumbs up for ${name}`) });
    await expect(thumbsUp).toHaveAccessibleDescription('Login required to vote');
    await tapOn(page, thumbsUp);
    await expectSignInPromptFrom(page, thumbsUp);

    // From the keyboard too.
    const thumbsDown = card.getByRole('button', { name: new RegExp(`^Thumbs down for ${name}`) });
    await thumbsDown.focus();
    await page.keyboard.press('Enter');
    await expectSignInPromptFrom(page, thumbsDown);
  });
});
