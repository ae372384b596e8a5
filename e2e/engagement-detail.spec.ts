import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signInAsNewResident, test } from './fixtures';

const RESULTS = '/results?postcode=BS1%204DJ&distance=5&category=food&includeUnverified=true';
/** While a dialog sits on the detail, Radix hides the detail from assistive technology. */
const TOP_DIALOG = '[role="dialog"]:not([aria-hidden="true"])';

/** Opens the first result's detail and returns it with the service's name. */
async function openFirstDetail(page: Page) {
  const moreInfo = page.getByRole('link', { name: /^MORE INFO about / }).first();
  const serviceName = ((await moreInfo.textContent()) ?? '').replace(/^MORE INFO about /, '');
  await moreInfo.click();
  const detail = page.getByRole('dialog', { name: serviceName });
  await expect(detail).toBeVisible();
  return { detail, serviceName };
}

/**
 * A flaky mobile connection: the server gets the first matching request and answers it, but
 * the answer never reaches the phone. Later ones go through.
 */
async function loseFirstAnswer(page: Page, method: string, pathEnd: string) {
  let isLost = false;
  await page.route(
    (url) => url.pathname.endsWith(pathEnd),
    async (route) => {
      if (route.request().method() !== method || isLost) return route.fallback();
      isLost = true;
      await route.fetch();
      await route.abort('connectionreset');
    },
  );
}

async function openNotes(page: Page, serviceName: string) {
  const detail = page.getByRole('dialog', { name: serviceName });
  await detail.getByRole('button', { name: 'Notes', exact: true }).click();
  const notes = page.getByRole('dialog', { name: `Notes on ${serviceName}` });
  await expect(notes).toBeVisible();
  return notes;
}

/** The notes listed in the dialog (its toast, at the dialog's foot, is a list item too). */
const savedNotes = (notes: Locator) =>
  notes.getByRole('region', { name: 'Previous notes' }).getByRole('listitem');

test.describe('notes, reviews and suggestions in a service detail', () => {
  test('a resident keeps a private note, reviews a food bank with 4 stars and suggests an edit', async ({
    page,
  }) => {
    // One long story (sign-in, a reload, three axe runs) takes about 27 s on a quiet machine.
    test.setTimeout(90_000);
    await signInAsNewResident(page, RESULTS, 'Grace');
    const { detail, serviceName } = await openFirstDetail(page);

    // A private note, still there after a reload.
    let notes = await openNotes(page, serviceName);
    await expect(notes.getByText('Only you can see your notes.')).toBeVisible();
    await expect(notes.getByText('You have no notes on this service yet.')).toBeVisible();
    await expectNoAxeViolations(page, TOP_DIALOG);
    await notes.getByLabel('Your note').fill('  Ask for Sam; bring a bag for the parcel.  ');
    await notes.getByRole('button', { name: 'Save note' }).click();
    await expect(page.getByText('Your note has been saved.', { exact: true })).toBeVisible();
    await expect(notes.getByLabel('Your note')).toHaveValue('');
    const savedNote = notes.getByRole('listitem').filter({ hasText: 'Ask for Sam' });
    await expect(savedNote).toContainText('Ask for Sam; bring a bag for the parcel.');
    await expect(savedNote).toContainText(/\d{1,2} \w{3} \d{4}, \d\d:\d\d/);

    await page.reload();
    await expect(detail).toBeVisible();
    notes = await openNotes(page, serviceName);
    await expect(savedNotes(notes)).toHaveCount(1);
    await expect(savedNotes(notes)).toContainText('Ask for Sam; bring a bag for the parcel.');
    await page.keyboard.press('Escape');
    await expect(notes).toBeHidden();
    await expect(detail).toBeVisible();

    // A 4-star review, listed under the details with the average brought up to date.
    const reviews = detail.getByRole('region', { name: 'Reviews' });
    await expect(reviews.getByRole('heading', { name: 'Write a review' })).toBeVisible();
    const countBefore = await reviewCount(reviews);
    await reviews.getByRole('radio', { name: '4 stars' }).check();
    await reviews.getByLabel('Your review').fill('Friendly volunteers and no questions asked.');
    await reviews.getByRole('button', { name: 'Submit review' }).click();
    await expect(page.getByText('Thank you for your review.', { exact: true })).toBeVisible();
    await expect(reviews.getByRole('heading', { name: 'Edit your review' })).toBeVisible();
    const mine = reviews.getByRole('listitem').filter({ hasText: 'Grace L.(your review)' });
    await expect(mine.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
    await expect(mine).toContainText('Friendly volunteers and no questions asked.');
    const countAfter = countBefore + 1;
    await expect(reviews).toContainText(countAfter === 1 ? '1 review' : `${countAfter} reviews`);
    if (countBefore === 0) await expect(reviews).toContainText('4.0');
    await expectNoAxeViolations(page, '[role="dialog"]');

    // A suggestion for the provider.
    await detail.getByRole('button', { name: 'Suggest an edit' }).click();
    const suggestion = page.getByRole('dialog', { name: `Suggest an edit to ${serviceName}` });
    await expect(suggestion).toBeVisible();
    await expectNoAxeViolations(page, TOP_DIALOG);
    await suggestion.getByLabel('Your suggestion').fill('Now also open on Saturday mornings.');
    await suggestion.getByRole('button', { name: 'Send suggestion' }).click();
    await expect(page.getByText('Suggestion Submitted', { exact: true })).toBeVisible();
    await expect(suggestion).toBeHidden();
    await expect(detail).toBeVisible();
  });

  test('on a connection that loses answers, a note and a suggestion are stored once and a vote stays', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signInAsNewResident(page, RESULTS, 'Maya');
    const { detail, serviceName } = await openFirstDetail(page);

    await loseFirstAnswer(page, 'POST', '/api/notes');
    const notes = await openNotes(page, serviceName);
    await notes.getByLabel('Your note').fill('Bring proof of address.');
    await notes.getByRole('button', { name: 'Save note' }).click();
    await expect(page.getByText('Your note has been saved.', { exact: true })).toBeVisible();
    await expect(savedNotes(notes)).toHaveCount(1);
    // Close, not Escape: while the toast shows, Escape dismisses it first.
    await notes.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(notes).toBeHidden();

    await loseFirstAnswer(page, 'POST', '/api/suggestions');
    await detail.getByRole('button', { name: 'Suggest an edit' }).click();
    const suggestion = page.getByRole('dialog', { name: `Suggest an edit to ${serviceName}` });
    await suggestion.getByLabel('Your suggestion').fill('The side door is step-free now.');
    await suggestion.getByRole('button', { name: 'Send suggestion' }).click();
    await expect(page.getByText('Suggestion Submitted', { exact: true })).toBeVisible();
    const mine = await page.request.get('/api/users/me/suggestions');
    const { suggestions } = (await mine.json()) as { suggestions: { suggestionText: string }[] };
    expect(suggestions.map((sent) => sent.suggestionText)).toEqual([
      'The side door is step-free now.',
    ]);

    // A toggling vote, sent again after its answer was lost, would have undone itself.
    await loseFirstAnswer(page, 'PUT', '/vote');
    const up = detail.getByRole('button', { name: new RegExp(`^Thumbs up for `) });
    await up.click();
    await expect(
      page.getByText('Your positive vote has been recorded.', { exact: true }),
    ).toBeVisible();
    await expect(up).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(detail.getByRole('button', { name: /^Thumbs up for / })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});

/**
 * Other stories may have reviewed the same service: "No reviews yet" is 0, else "N reviews".
 * The summary comes first; with reviews, the count per star follows it in the same words.
 */
async function reviewCount(reviews: Locator): Promise<number> {
  const text = await reviews
    .getByText(/^(No reviews yet|\d+ reviews?)$/)
    .first()
    .textContent();
  return Number(text?.match(/^(\d+)/)?.[1] ?? 0);
}
