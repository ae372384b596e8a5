import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { expect, expectNoAxeViolations, test } from './fixtures';

// Issue 24: never a dead end. Words that signal a risk to life put 999 and the crisis lines
// first, in the HTML itself (these phones often have JavaScript off); every need reaches a line
// to call, and only lines that serve the person's nation.

const CRISIS_HEADING = 'If your life is at risk, get help now';

const CRISIS_PAGES = [
  ['a search for "suicide" near BS1 4DJ', '/results?postcode=BS1%204DJ&keyword=suicide'],
  ['a search for "i want to die" with no postcode', '/results?keyword=i%20want%20to%20die'],
  ['the map for "suicide" near BS1 4DJ', '/map?postcode=BS1%204DJ&keyword=suicide'],
] as const;

const crisisPanel = (page: Page) => page.getByRole('region', { name: CRISIS_HEADING });

/** Where the panel's heading and the first result sit in the page's HTML, as a screen reader meets them. */
async function positionsIn(page: Page) {
  const html = await page.content();
  return {
    heading: html.indexOf('<h1'),
    panel: html.indexOf(CRISIS_HEADING),
    firstResult: html.indexOf('<article'),
    widening: html.indexOf('Try widening'),
  };
}

test.describe('with JavaScript turned off', () => {
  test.use({ javaScriptEnabled: false });

  for (const [search, address] of CRISIS_PAGES) {
    test(`${search} offers 999 and Samaritans to call before anything else`, async ({ page }) => {
      await page.goto(address);

      const panel = crisisPanel(page);
      await expect(panel).toBeVisible();
      await expect(panel.getByRole('link', { name: 'Call 999' })).toHaveAttribute(
        'href',
        'tel:999',
      );
      await expect(panel.getByRole('link', { name: /^Call 116 123/ })).toHaveAttribute(
        'href',
        'tel:116123',
      );
      await expect(panel.getByRole('link', { name: /^Text SHOUT to 85258/ })).toHaveAttribute(
        'href',
        /^sms:85258/,
      );
      await expect(panel).toContainText(
        'Call 999 if you are in immediate danger or have hurt yourself.',
      );

      const at = await positionsIn(page);
      expect(at.panel).toBeGreaterThan(-1);
      if (at.heading !== -1) expect(at.heading).toBeLessThan(at.panel);
      if (at.firstResult !== -1) expect(at.panel).toBeLessThan(at.firstResult);
      if (at.widening !== -1) expect(at.panel).toBeLessThan(at.widening);
    });
  }

  test('a search for "overdose drugs" near BS1 4DJ puts 999 between the heading and the result it found', async ({
    page,
  }) => {
    await page.goto('/results?postcode=BS1%204DJ&keyword=overdose%20drugs');

    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(crisisPanel(page).getByRole('link', { name: 'Call 999' })).toHaveAttribute(
      'href',
      'tel:999',
    );
    const at = await positionsIn(page);
    expect(at.heading).toBeGreaterThan(-1);
    expect(at.heading).toBeLessThan(at.panel);
    expect(at.panel).toBeLessThan(at.firstResult);
    expect(at.panel).toBeLessThan((await page.content()).indexOf('Filter results'));
  });

  test('a person near BS1 4DJ in crisis is told to choose option 2 when calling NHS 111', async ({
    page,
  }) => {
    await page.goto('/results?postcode=BS1%204DJ&keyword=self%20harm');

    const panel = crisisPanel(page);
    await expect(panel.getByRole('link', { name: /^Call 111/ })).toHaveAttribute('href', 'tel:111');
    await expect(panel).toContainText('choose option 2, for mental health');
    await expect(panel).toContainText('For people in England only');
  });
});

test.describe('with JavaScript on', () => {
  for (const [search, address] of CRISIS_PAGES) {
    test(`${search}: the crisis panel passes axe's checks`, async ({ page }) => {
      await page.goto(address);

      await expect(crisisPanel(page).getByRole('link', { name: 'Call 999' })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test('a resident in debt near E1 6AN finds StepChange to call, for people in England', async ({
    page,
  }) => {
    await page.goto('/results?postcode=E1%206AN&keyword=debt');

    const line = page.getByRole('listitem').filter({
      has: page.getByRole('heading', { name: 'StepChange debt advice line' }),
    });
    await expect(line.getByRole('link', { name: /^0800 138 1111/ })).toHaveAttribute(
      'href',
      /^tel:/,
    );
    await expect(line).toContainText('For people in England only');
    // Its hours are not confirmed: the card says where to check, never N/A.
    await expect(
      line.getByRole('link', { name: 'Check the hours on the StepChange Debt Charity website' }),
    ).toHaveAttribute('href', /stepchange\.org/);
    await expect(line).not.toContainText('N/A');
    await expect(crisisPanel(page)).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('a resident in debt in Edinburgh is offered no line that serves England only', async ({
    page,
  }) => {
    await page.goto('/results?postcode=EH1%201YZ&keyword=debt');

    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'StepChange debt advice line' })).toHaveCount(0);
    await expect(page.getByText('For people in England only')).toHaveCount(0);
    await expect(page.getByText('For people in England and Wales only')).toHaveCount(0);
    // Still never a dead end: some line that serves Scotland is a tap away.
    await expect(page.locator('main a[href^="tel:"]').first()).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

/**
 * The helplines file's `verification_note` is the researchers' internal note ("NOT CONFIRMED ...
 * check before release"): it must never reach a person. The first words of each, as a page would
 * show them or carry them in its data.
 */
const NOTE_OPENINGS = parse<{ verification_note: string }>(
  readFileSync('open-data/helplines.csv', 'utf8'),
  { columns: true, bom: true },
)
  .map((row) => row.verification_note.split(/\s+/).slice(0, 6).join(' '))
  .filter((opening) => opening.length > 0);

test('no page shows a helpline research note, with JavaScript on or off', async ({ browser }) => {
  expect(NOTE_OPENINGS.length).toBeGreaterThan(10);
  const pages = [
    '/results?postcode=BS1%204DJ&keyword=suicide',
    '/results?postcode=E1%206AN&keyword=debt',
    '/results?postcode=BS1%204DJ&keyword=benefits',
    '/results?postcode=E1%206AN&keyword=domestic%20abuse',
    '/results?postcode=M1%201AE&distance=40',
    '/results?postcode=EH1%201YZ&keyword=debt',
    '/map?postcode=M1%201AE&distance=40',
    '/map?postcode=BS1%204DJ&keyword=suicide',
  ];
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    for (const address of pages) {
      await page.goto(address, { waitUntil: 'networkidle' });
      // Lines to call are on the page, so the check below has something to look at. Without
      // JavaScript the map of a place Locals does not cover shows only its loading line for
      // now (issue 28), so it proves less there.
      if (javaScriptEnabled || !address.startsWith('/map?postcode=M1')) {
        await expect(page.locator('main a[href^="tel:"]').first()).toBeAttached();
      }
      const seen = `${await page.content()}\n${await page.locator('body').innerText()}`;
      const leaked = NOTE_OPENINGS.filter((opening) => seen.includes(opening));
      expect(leaked, `${address} (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`).toEqual([]);
    }
    await context.close();
  }
});
