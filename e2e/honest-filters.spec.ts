import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';

// Issue 32: the filters do what they say, on the real open data, with JavaScript on and off.
// Each count the page states is the one the API gives for the same search.

type Refinements = {
  serviceTypes: { type: string; count: number }[];
  agesNotStated: number | null;
  hoursNotKnown: number | null;
};

async function refinementsOf(page: Page, query: string): Promise<Refinements> {
  const response = await page.request.get(`/api/HealthServices/search-new?${query}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { refinements: Refinements }).refinements;
}

async function openFilters(page: Page) {
  const form = page.getByRole('form', { name: 'Filter results' });
  if (!(await form.isVisible())) await page.getByText('Filter results', { exact: true }).click();
  return form;
}

async function typeChoices(page: Page): Promise<string[]> {
  const form = await openFilters(page);
  return form
    .getByRole('group', { name: 'Service type' })
    .getByRole('checkbox')
    .evaluateAll((boxes) =>
      boxes.map((box) => (box as HTMLInputElement).labels?.[0]?.textContent ?? ''),
    );
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`filters with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });
    const checkAccessibility = async (page: Page) => {
      // axe runs in the page: only with JavaScript on.
      if (javaScriptEnabled) await expectNoAxeViolations(page);
    };

    test('ages 16 to 25 near BS1 4DJ keep the services that state no ages, and say how many', async ({
      page,
    }) => {
      const { agesNotStated } = await refinementsOf(
        page,
        'postcode=BS1+4DJ&distance=10&ageMin=16&ageMax=25',
      );
      expect(agesNotStated).toBeGreaterThan(0);

      await page.goto('/results?postcode=BS1+4DJ&distance=10');
      const form = await openFilters(page);
      await form.getByLabel('Age from').fill('16');
      await form.getByLabel('Age to').fill('25');
      await form.getByRole('button', { name: 'Apply filters' }).click();

      await expect(page).toHaveURL(/ageMin=16&ageMax=25/);
      await expect(
        page.getByText(`${agesNotStated} of these services do not say which ages they serve.`),
      ).toBeVisible();
      await checkAccessibility(page);
    });

    test('an impossible age range is a field error beside the ages, and nothing is searched', async ({
      page,
    }) => {
      await page.goto('/results?postcode=BS1+4DJ&distance=10');
      const form = await openFilters(page);
      await form.getByLabel('Age from').fill('30');
      await form.getByLabel('Age to').fill('5');
      await form.getByRole('button', { name: 'Apply filters' }).click();

      const message = 'Age from must be the same as or less than age to';
      const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
      await expect(summary.getByRole('link', { name: message })).toHaveAttribute(
        'href',
        '#filter-age-min',
      );
      await expect(page.getByLabel('Age from')).toHaveAccessibleDescription(new RegExp(message));
      await expect(page.getByText('Search Failed')).toHaveCount(0);
      // With JavaScript the form stops before the address changes, and the results stay; without
      // it the server's page asks for the ages instead of searching.
      if (javaScriptEnabled) await expect(page).not.toHaveURL(/ageMin/);
      else await expect(page.getByRole('article')).toHaveCount(0);
      await checkAccessibility(page);

      // Put right in the same form, the search runs.
      await page.getByLabel('Age from').fill('5');
      await page.getByLabel('Age to').fill('30');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await expect(page).toHaveURL(/ageMin=5&ageMax=30/);
      await expect(
        page.getByRole('heading', { level: 1, name: /Services available near BS1 4DJ/ }),
      ).toBeVisible();

      // The same ages in a link (or typed into the address) ask the same, on the list and the map.
      await page.goto('/results?postcode=BS1+4DJ&distance=10&ageMin=30&ageMax=5');
      await expect(page.getByRole('heading', { level: 1, name: 'Check the ages' })).toBeVisible();
      await expect(page.getByLabel('Age from')).toHaveAccessibleDescription(new RegExp(message));
      await checkAccessibility(page);
      await page.goto('/map?postcode=BS1+4DJ&distance=10&ageMin=30&ageMax=5');
      await expect(page.getByRole('heading', { level: 1, name: 'Check the ages' })).toBeVisible();
      await page.getByRole('link', { name: 'Change the ages in the filters of the list' }).click();
      await expect(page.getByLabel('Age from')).toHaveValue('30');
    });

    test('the service types come from every result near E1 6AN and change with the category', async ({
      page,
    }) => {
      const every = await refinementsOf(page, 'postcode=E1+6AN&distance=10');
      const gps = every.serviceTypes.find((choice) => choice.type === 'GP practice');
      expect(gps?.count).toBeGreaterThan(0);

      await page.goto('/results?postcode=E1+6AN&distance=10');
      // The choices are those of every result, not of the page shown.
      await expect(page.getByRole('article')).toHaveCount(10);
      expect(await typeChoices(page)).toEqual(
        every.serviceTypes.map(({ type, count }) => `${type} (${count})`),
      );

      const form = await openFilters(page);
      await form.getByLabel('Category').selectOption('health');
      await form.getByRole('button', { name: 'Apply filters' }).click();
      await expect(page).toHaveURL(/category=health/);
      const health = await refinementsOf(page, 'postcode=E1+6AN&distance=10&category=health');
      await expect
        .poll(() => typeChoices(page))
        .toEqual(health.serviceTypes.map(({ type, count }) => `${type} (${count})`));
      expect(health.serviceTypes.map(({ type }) => type)).not.toContain('Public library');

      // A type chosen that the category has none of stays, chosen, so it can be removed.
      await page.goto(
        '/results?postcode=E1+6AN&distance=10&category=health&serviceTypes=Public+library',
      );
      await expect(page.getByRole('heading', { level: 1, name: 'No Results Found' })).toBeVisible();
      const chosen = (await openFilters(page)).getByLabel('Public library (0)');
      await expect(chosen).toBeChecked();
      await checkAccessibility(page);
      await chosen.uncheck();
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await expect(page).not.toHaveURL(/Public\+library/);
      await expect(page.getByRole('article')).toHaveCount(10);
    });

    test('open now says how many services it leaves out for unknown hours, and can show them', async ({
      page,
    }) => {
      const query = 'postcode=BS1+4DJ&distance=10&openNow=true';
      const { hoursNotKnown } = await refinementsOf(page, query);
      expect(hoursNotKnown).toBeGreaterThan(0);

      await page.goto(`/results?${query}`);
      const note = page.getByText(
        `${hoursNotKnown} services are not shown because Locals does not know their opening hours.`,
      );
      await expect(note).toBeVisible();
      await checkAccessibility(page);

      await page.getByRole('link', { name: 'Show services whose hours are not known too' }).click();
      await expect(page).toHaveURL(/openNow=true&includeUnknownHours=true/);
      await expect(note).toHaveCount(0);
      const heading = page.getByRole('heading', { level: 1, name: /Services available/ });
      const total = Number((await heading.textContent())?.match(/of (\d+) results/)?.[1]);
      expect(total).toBeGreaterThanOrEqual(hoursNotKnown ?? 0);
    });
  });
}
