import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';

// No tile server is reachable from the test machine; the stories run as if tiles were blocked,
// on the context, so the tab the full-screen link opens is covered too.
test.beforeEach(async ({ context }) => {
  await context.route('**/tile.openstreetmap.org/**', (route) => route.abort());
});

const SW1A_10_MILES = '/map?postcode=SW1A+1AA&distance=10&serviceTypes=any&pageSize=1000';

/** The map's zoom level, which the page keeps on the map element as it changes. */
async function zoomOf(page: Page): Promise<number> {
  return Number(await page.locator('.locals-map').getAttribute('data-zoom'));
}

/** Keyboard only: Enter on a cluster zooms in, until a single service marker shows. */
async function zoomInByKeyboardToAMarker(page: Page) {
  const markers = page.locator('.locals-marker');
  for (let attempt = 0; attempt < 8 && (await markers.count()) === 0; attempt += 1) {
    const zoom = await zoomOf(page);
    await page.locator('.locals-cluster').first().focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => zoomOf(page)).toBeGreaterThan(zoom);
  }
  return markers.first();
}

/**
 * WCAG 2.5.8 on the map: every marker, cluster and control link or button is at least 24 by 24
 * px, and no marker or cluster covers part of another. Returns what breaks that, to be empty.
 */
async function smallOrCoveredTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const name = (element: Element) =>
      `${element.className.toString().split(' ')[0] || element.tagName} "${element.textContent?.trim().slice(0, 20)}"`;
    const targets = [
      ...Array.from(document.querySelectorAll('.leaflet-marker-icon.leaflet-interactive')),
      ...Array.from(document.querySelectorAll('.leaflet-control a, .leaflet-control button')),
    ];
    for (const target of targets) {
      const { width, height } = target.getBoundingClientRect();
      if (width < 24 || height < 24) problems.push(`${name(target)} is ${width}x${height}`);
    }
    const markers = [
      ...Array.from(document.querySelectorAll('.leaflet-marker-icon.leaflet-interactive')),
    ];
    const boxes = markers.map((marker) => marker.getBoundingClientRect());
    boxes.forEach((a, i) => {
      boxes.slice(i + 1).forEach((b, offset) => {
        const overlapX = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const overlapY = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (overlapX > 0 && overlapY > 0)
          problems.push(`${name(markers[i]!)} overlaps ${name(markers[i + 1 + offset]!)}`);
      });
    });
    return problems;
  });
}

test('a resident opens the map for SW1A 1AA within 10 miles, reads a service and goes back to the list', async ({
  page,
}) => {
  await page.goto(SW1A_10_MILES);

  await expect(page.getByText(/^Showing \d+ of \d+ results in SW1A 1AA$/)).toBeVisible();
  const map = page.getByRole('region', { name: 'Map of services near SW1A 1AA' });
  await expect(map).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^\d+ services found$/ })).toBeAttached();
  expect(await zoomOf(page)).toBeGreaterThanOrEqual(11);
  expect(await zoomOf(page)).toBeLessThanOrEqual(16);

  // The zoom buttons work without dragging.
  const before = await zoomOf(page);
  await page.getByRole('button', { name: 'Zoom in', exact: true }).click();
  await expect.poll(() => zoomOf(page)).toBe(before + 1);

  const marker = await zoomInByKeyboardToAMarker(page);
  const name = (await marker.getAttribute('title'))!.split(',')[0]!;
  await marker.focus();
  await page.keyboard.press('Enter');
  const moreInfo = page.getByRole('button', { name: `More info about ${name}` });
  await expect(moreInfo).toBeFocused();
  await expect(page.locator('.leaflet-popup').getByRole('heading', { name })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  // Issue 26: rows the record has no value for are left out; "Last checked" is always there.
  await expect(dialog.getByText('Last checked', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByRole('link', { name: 'Back to List View' }).click();
  await expect(page).toHaveURL(/\/results\?/);
  const query = new URL(page.url()).searchParams;
  expect(query.get('postcode')).toBe('SW1A 1AA');
  expect(query.get('distance')).toBe('10');
  await expect(
    page.getByRole('heading', { level: 1, name: /Services available near SW1A 1AA/ }),
  ).toBeVisible();
});

test('a map of 1000 services clusters its markers', async ({ page }) => {
  await page.goto('/map?postcode=SW1A+1AA&distance=10&includeUnverified=true&pageSize=1000');

  const showing = page.getByText(/^Showing 1000 of \d+ results in SW1A 1AA$/);
  await expect(showing).toBeVisible();
  const total = Number((await showing.textContent())!.match(/of (\d+)/)![1]);
  expect(total).toBeGreaterThan(1000);
  await expect(page.locator('.locals-cluster').first()).toBeVisible();

  // Every mapped service is in a cluster or a marker, and far fewer elements than services exist.
  const counts = await page.locator('.locals-cluster [aria-hidden="true"]').allTextContents();
  const inClusters = counts.reduce((sum, count) => sum + Number(count), 0);
  const singles = await page.locator('.locals-marker').count();
  expect(inClusters).toBeGreaterThan(500);
  expect(counts.length + singles).toBeLessThan(200);
  expect(await smallOrCoveredTargets(page)).toEqual([]);
  await expectNoAxeViolations(page);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

  test('every marker, cluster and map control is a touch target of at least 24 px, at every zoom', async ({
    page,
  }) => {
    // Where Lighthouse found a cluster partly covered (issue 13).
    await page.goto('/map?postcode=BS1+4DJ&distance=10');
    await expect(page.locator('.locals-cluster').first()).toBeVisible();
    expect(await smallOrCoveredTargets(page)).toEqual([]);

    for (const button of ['Zoom in', 'Zoom in', 'Zoom out', 'Zoom out', 'Zoom out']) {
      const zoom = await zoomOf(page);
      await page.getByRole('button', { name: button, exact: true }).click();
      await expect.poll(() => zoomOf(page)).not.toBe(zoom);
      // Let the cluster animation settle before measuring.
      await expect.poll(() => smallOrCoveredTargets(page)).toEqual([]);
    }
  });

  test('the cookie banner lies over the map, never under its markers and controls', async ({
    page,
  }) => {
    await page.goto('/map?postcode=BS1+4DJ&distance=10');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await expect(banner).toBeVisible();
    await expect(page.locator('.locals-cluster').first()).toBeVisible();

    const uncovered = await page.evaluate(() => {
      const bannerBox = document
        .querySelector('[aria-label="Cookie consent"]')!
        .getBoundingClientRect();
      const onTop = [
        ...Array.from(document.querySelectorAll('.leaflet-marker-icon, .leaflet-control')),
      ]
        .map((element) => {
          const box = element.getBoundingClientRect();
          const x = box.left + box.width / 2;
          const y = box.top + box.height / 2;
          const underBanner =
            y > bannerBox.top && y < bannerBox.bottom && x > bannerBox.left && x < bannerBox.right;
          return underBanner && element.contains(document.elementFromPoint(x, y));
        })
        .filter(Boolean);
      return onTop.length;
    });
    expect(uncovered).toBe(0);
  });
});

test('when the background map cannot load, services still show and the notice says why', async ({
  page,
}) => {
  await page.goto(SW1A_10_MILES);

  await expect(page.getByText('The background map could not load.')).toBeVisible();
  await expect(page.getByText(/set MAP_TILE_URL to a tile server you can use/)).toBeVisible();
  await expect(page.locator('.locals-cluster, .locals-marker').first()).toBeVisible();
  await expect(page.locator('.leaflet-tile-pane img')).toHaveCount(0);
});

test('the full-screen map link carries the filters and leaves out empty ones', async ({
  page,
  context,
}) => {
  await page.goto(
    '/results?postcode=SW1A+1AA&distance=25&keyword=pharmacy&category=&includeUnverified=false',
  );

  const link = page.getByRole('link', { name: /Full Screen Map/ });
  await expect(link).toHaveAttribute('target', '_blank');
  const [mapPage] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await mapPage.waitForLoadState();
  const url = new URL(mapPage.url());
  expect(url.pathname).toBe('/map');
  expect(Object.fromEntries(url.searchParams)).toEqual({
    postcode: 'SW1A 1AA',
    distance: '25',
    keyword: 'pharmacy',
    serviceTypes: 'any',
    pageSize: '1000',
  });
  await expect(mapPage.getByText(/^Showing \d+ of \d+ results in SW1A 1AA$/)).toBeVisible();
});

test('the Map View tab shows the map within the results, and List View brings the list back', async ({
  page,
}) => {
  await page.goto('/results?postcode=SW1A+1AA&distance=10');
  await expect(page.getByRole('article').first()).toBeVisible();

  await page.getByRole('link', { name: 'Map View' }).click();
  await expect(page.getByRole('region', { name: 'Map of services near SW1A 1AA' })).toBeVisible();
  await expect(page.getByText(/^Showing \d+ of \d+ results in SW1A 1AA$/)).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'List View' }).click();
  await expect(page.getByRole('article').first()).toBeVisible();
});

// The built chunks Leaflet and the map view live in (apps/web/dist/assets/leaflet-map-*.js and
// .css, map-view-*.js); the /map page's own small chunk is map-*.js and is not one of them.
const MAP_CODE = /\/assets\/(leaflet-map|map-view)-[\w-]+\.(js|css)$/;

test('the map code stays out of the first load until Map View is opened', async ({ page }) => {
  const mapCode: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (MAP_CODE.test(pathname)) mapCode.push(pathname);
  });

  for (const [path, heading] of [
    ['/', 'Locals helping locals'],
    ['/search', /^Find .*services/],
    ['/results?postcode=SW1A+1AA&distance=10', /Services available near SW1A 1AA/],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // Nothing fetched later (prefetch, idle loading) either.
    await page.waitForLoadState('networkidle');
    expect(mapCode, `map code requested by ${path}`).toEqual([]);
  }
  await expect(page.getByRole('article').first()).toBeVisible();

  await page.getByRole('link', { name: 'Map View' }).click();
  await expect(page.getByRole('region', { name: 'Map of services near SW1A 1AA' })).toBeVisible();
  expect(mapCode).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/\/leaflet-map-[\w-]+\.js$/),
      expect.stringMatching(/\/leaflet-map-[\w-]+\.css$/),
      expect.stringMatching(/\/map-view-[\w-]+\.js$/),
    ]),
  );
});

// Issue 26: it led to "Failed to Load Map Data", and its Try Again repeated the same error.
test('a postcode we cannot place keeps the person on the map search to correct it', async ({
  page,
}) => {
  await page.goto('/map?postcode=ZZ9%209ZZ&distance=10&pageSize=1000');
  await expect(page.getByRole('heading', { level: 1, name: 'Check the postcode' })).toBeVisible();
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(summary.getByRole('link', { name: /find ZZ9 9ZZ/i })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Failed to Load Map Data' })).toBeHidden();
  await expectNoAxeViolations(page);

  const postcode = page.getByRole('textbox', { name: 'Postcode (required)' });
  await expect(postcode).toHaveAccessibleDescription(/find ZZ9 9ZZ/i);
  await postcode.fill('SW1A 1AA');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/map\?postcode=SW1A/);
  await expect(page.getByRole('heading', { level: 1, name: /near SW1A 1AA/ })).toBeVisible();
  await expect(page.getByText(/Showing \d+ of \d+ results in SW1A 1AA/)).toBeVisible();
});
