import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HelplinePlacement } from '@locals/contracts/helplines';
import { expectNoAxeViolations } from '@/testing/axe';
import {
  buildCrisis,
  buildHelpline,
  buildSearchResponse,
  buildServices,
} from '@/testing/factories';
import { callsTo, jsonResponse, stubApi } from '@/testing/fetch-mock';
import { preloadRoutes, renderApp } from '@/testing/render';

const SEARCH = 'GET /api/HealthServices/search-new';
const HELPLINES = 'GET /api/helplines';
// The first render loads the page's code, which takes a while under the test transform.
const SLOW = { timeout: 5000 };
const CRISIS_HEADING = 'If your life is at risk, get help now';

const stepChange = buildHelpline({
  id: 'stepchange',
  organisation: 'StepChange Debt Charity',
  service: 'StepChange debt advice line',
  phone: '0800 138 1111',
  hours: null,
  open24Hours: false,
  helpsWith: 'Free debt advice and debt solutions',
  categories: ['socialcare'],
  nations: 'England',
  forWhom: 'For people in England only',
  sourceUrls: ['https://www.stepchange.org/'],
});

function isBefore(first: Element, second: Element): boolean {
  return Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);
}

/** The element right after the h1, skipping nothing: where a screen reader goes next. */
function afterHeading(level1: HTMLElement): Element | null {
  return level1.nextElementSibling;
}

async function findCrisisPanel() {
  return screen.findByRole('region', { name: CRISIS_HEADING }, SLOW);
}

preloadRoutes('/results');

describe('/results puts 999 and the crisis lines first when the words signal a risk to life (issue 24)', () => {
  it('with results: straight after the heading, before the filters and any result', async () => {
    stubApi({
      [SEARCH]: () =>
        jsonResponse(buildSearchResponse({ results: buildServices(3), crisis: buildCrisis() })),
    });
    renderApp('/results?postcode=BS1+4DJ&keyword=suicide');

    const panel = await findCrisisPanel();
    const heading = screen.getByRole('heading', { level: 1 });
    expect(afterHeading(heading)).toBe(panel);
    expect(isBefore(panel, screen.getByRole('form', { name: 'Filter results' }))).toBe(true);
    expect(isBefore(panel, screen.getAllByRole('article')[0]!)).toBe(true);
    expect(within(panel).getByRole('link', { name: 'Call 999' })).toHaveAttribute(
      'href',
      'tel:999',
    );
    expect(within(panel).getByRole('link', { name: /^Call 116 123/ })).toHaveAttribute(
      'href',
      'tel:116123',
    );
    await expectNoAxeViolations();
  });

  it('with nothing found: before the lines, and the lines before "Try widening"', async () => {
    stubApi({
      [SEARCH]: () =>
        jsonResponse(
          buildSearchResponse({
            results: [],
            totalResults: 0,
            crisis: buildCrisis({ kind: 'self-harm' }),
            helplines: [buildHelpline({ id: 'mind', service: 'Mind Infoline' })],
            helplinePlacement: 'top',
          }),
        ),
    });
    renderApp('/results?postcode=BS1+4DJ&keyword=self+harm');

    const panel = await findCrisisPanel();
    const heading = screen.getByRole('heading', { level: 1, name: 'No Results Found' });
    expect(afterHeading(heading)).toBe(panel);
    const line = screen.getByRole('heading', { name: 'Mind Infoline' });
    const widen = screen.getByText('Try widening your search criteria.');
    expect(isBefore(panel, line)).toBe(true);
    expect(isBefore(line, widen)).toBe(true);
    expect(isBefore(line, screen.getByRole('link', { name: 'Search within 25 miles' }))).toBe(true);
    expect(screen.getByRole('heading', { level: 2, name: 'Other things to try' })).toBeVisible();
    await expectNoAxeViolations();
  });

  it('where Locals does not cover the place: straight after the heading', async () => {
    stubApi({
      [SEARCH]: () =>
        jsonResponse(
          buildSearchResponse({
            results: [],
            totalResults: 0,
            coverage: {
              covered: false,
              areaName: 'Manchester',
              message: 'Locals does not cover Manchester yet.',
            },
            crisis: buildCrisis(),
            helplines: [stepChange],
            helplinePlacement: 'top',
          }),
        ),
    });
    renderApp('/results?postcode=M1+1AE&keyword=suicidal');

    const panel = await findCrisisPanel();
    expect(afterHeading(screen.getByRole('heading', { level: 1 }))).toBe(panel);
    expect(
      isBefore(panel, screen.getByRole('heading', { name: 'StepChange debt advice line' })),
    ).toBe(true);
  });

  it('with no place to search near: from /api/helplines, before the postcode form', async () => {
    const { requests } = stubApi({
      [SEARCH]: () =>
        jsonResponse(
          { code: 'location_required', message: 'Enter a postcode, like BS1 4DJ.' },
          400,
        ),
      [HELPLINES]: () => jsonResponse({ helplines: [], crisis: buildCrisis(), notice: null }),
    });
    renderApp('/results?keyword=i+want+to+die');

    const panel = await findCrisisPanel();
    const heading = screen.getByRole('heading', {
      level: 1,
      name: 'Where are you looking for help?',
    });
    expect(afterHeading(heading)).toBe(panel);
    expect(isBefore(panel, screen.getByRole('form', { name: 'Change postcode' }))).toBe(true);
    const [asked] = callsTo(requests, 'GET', '/api/helplines');
    expect(asked?.query.get('keyword')).toBe('i want to die');
    expect(asked?.query.has('postcode')).toBe(false);
    await expectNoAxeViolations();
  });

  it('when the postcode cannot be found: asks again without it, and still shows the lines', async () => {
    const { requests } = stubApi({
      [SEARCH]: () =>
        jsonResponse(
          { code: 'postcode_not_found', message: 'We could not find the postcode ZZ9 9ZZ' },
          404,
        ),
      [HELPLINES]: (request) =>
        request.query.has('postcode')
          ? jsonResponse(
              { code: 'postcode_not_found', message: 'We could not find the postcode ZZ9 9ZZ' },
              404,
            )
          : jsonResponse({ helplines: [], crisis: buildCrisis(), notice: null }),
    });
    renderApp('/results?postcode=ZZ9+9ZZ&keyword=suicide');

    const panel = await findCrisisPanel();
    expect(
      afterHeading(screen.getByRole('heading', { level: 1, name: 'Check the postcode' })),
    ).toBe(panel);
    expect(callsTo(requests, 'GET', '/api/helplines').map((r) => r.query.get('postcode'))).toEqual([
      'ZZ9 9ZZ',
      null,
    ]);
  });

  it('does not ask for the crisis lines when the words signal no risk', async () => {
    const { requests } = stubApi({
      [SEARCH]: () =>
        jsonResponse(
          { code: 'location_required', message: 'Enter a postcode, like BS1 4DJ.' },
          400,
        ),
    });
    renderApp('/results?keyword=food+bank');

    expect(
      await screen.findByRole('heading', { name: 'Where are you looking for help?' }, SLOW),
    ).toBeInTheDocument();
    await waitFor(() => expect(callsTo(requests, 'GET', '/api/helplines')).toHaveLength(0));
    expect(screen.queryByRole('region', { name: CRISIS_HEADING })).not.toBeInTheDocument();
  });
});

describe('/results shows the lines for a need where the API places them (issue 24)', () => {
  const notice = 'StepChange helps people in England. Locals has no debt line for Wales yet.';

  function replyWith(placement: HelplinePlacement) {
    return buildSearchResponse({
      results: buildServices(3),
      helplines: [stepChange],
      helplinePlacement: placement,
      helplineNotice: notice,
    });
  }

  it.each([
    ['top', 'before the filters', true],
    ['beside', 'after the filters', false],
  ] as const)('%s: %s and before the first result', async (placement, _, isBeforeFilters) => {
    stubApi({ [SEARCH]: () => jsonResponse(replyWith(placement)) });
    renderApp('/results?postcode=BS1+4DJ&keyword=debt');

    const line = await screen.findByRole('heading', { name: 'StepChange debt advice line' }, SLOW);
    expect(isBefore(line, screen.getByRole('form', { name: 'Filter results' }))).toBe(
      isBeforeFilters,
    );
    expect(isBefore(line, screen.getAllByRole('article')[0]!)).toBe(true);
    expect(screen.getAllByRole('heading', { name: 'StepChange debt advice line' })).toHaveLength(1);
  });

  it('beside: under "Lines you can call", with the notice above the lines', async () => {
    stubApi({ [SEARCH]: () => jsonResponse(replyWith('beside')) });
    renderApp('/results?postcode=BS1+4DJ&keyword=debt');

    const lines = await screen.findByRole('region', { name: 'Lines you can call' }, SLOW);
    const said = within(lines).getByText(notice);
    expect(isBefore(said, within(lines).getByRole('listitem'))).toBe(true);
    expect(within(lines).getByText('For people in England only')).toBeVisible();
    expect(
      within(lines).getByRole('link', {
        name: 'Check the hours on the StepChange Debt Charity website',
      }),
    ).toHaveAttribute('href', 'https://www.stepchange.org/');
    expect(lines).not.toHaveTextContent('N/A');
    await expectNoAxeViolations();
  });

  it('after: once, after the last result', async () => {
    stubApi({ [SEARCH]: () => jsonResponse(replyWith('after')) });
    renderApp('/results?postcode=BS1+4DJ&keyword=debt');

    const line = await screen.findByRole('heading', { name: 'StepChange debt advice line' }, SLOW);
    expect(isBefore(screen.getAllByRole('article').at(-1)!, line)).toBe(true);
    expect(screen.getAllByRole('heading', { name: 'StepChange debt advice line' })).toHaveLength(1);
  });

  it('says a notice even when no line serves the place', async () => {
    const scotland = 'Locals has no debt line for Scotland yet.';
    stubApi({
      [SEARCH]: () =>
        jsonResponse(
          buildSearchResponse({
            results: buildServices(2),
            helplineNotice: scotland,
            helplinePlacement: 'beside',
          }),
        ),
    });
    renderApp('/results?postcode=EH1+1YZ&keyword=debt');

    expect(await screen.findByText(scotland, {}, SLOW)).toBeVisible();
  });
});
