import type { HelplineRow } from '@locals/db/helplines';
import { describe, expect, it } from 'vitest';
import type { LineFit } from './helplines.repository';
import { offerLines, type LineRequest, type SearchSituation } from './offer-lines';

function aLine(id: string, position: number, overrides: Partial<HelplineRow> = {}): HelplineRow {
  return {
    id,
    position,
    organisation: id,
    service: `${id} line`,
    phone: '0800 000 000',
    text: null,
    hours: 'Monday to Friday, 9am to 5pm',
    helpsWith: 'Help',
    categories: ['socialcare'],
    nations: 'UK-wide',
    sourceUrls: [`https://${id}.example/`],
    sourceSeen: 'undated',
    needWords: [],
    updatedAt: new Date(0),
    ...overrides,
  };
}

const LINES = [
  aLine('samaritans', 1, { categories: ['mentalhealth'], hours: '24 hours a day' }),
  aLine('shout-85258', 2, {
    categories: ['mentalhealth'],
    phone: null,
    text: '85258',
    hours: '24/7',
  }),
  aLine('nhs-111-mental-health', 3, { categories: ['mentalhealth'], nations: 'England' }),
  aLine('stepchange', 4, { nations: 'England', hours: null }),
  aLine('citizens-advice', 5, { nations: 'England' }),
  aLine('food-line', 6, { categories: ['food'], nations: 'England and Wales' }),
  aLine('abuse-line', 7, { nations: 'England', hours: '24 hours a day, 7 days a week' }),
  aLine('uk-abuse-line', 8),
];

const fit = (id: string, needCover: number, longestNeed = needCover, allTerms = false) =>
  ({ id, needCover, longestNeed, allTerms, typedWords: 2 }) satisfies LineFit;

const COVERED_NONE: SearchSituation = {
  covered: true,
  categoryGap: false,
  total: 0,
  nearestMiles: null,
};

function offer(overrides: Partial<LineRequest>) {
  return offerLines({
    lines: LINES,
    fits: [],
    nation: 'England',
    crisis: null,
    category: null,
    need: 'debt advice',
    situation: COVERED_NONE,
    ...overrides,
  });
}

const ids = (lines: { id: string }[]) => lines.map((line) => line.id);

describe('offerLines', () => {
  it('orders lines by fit, then open all day and night, then for the whole UK', () => {
    const offered = offer({
      fits: [fit('abuse-line', 2), fit('uk-abuse-line', 2), fit('citizens-advice', 2, 1)],
    });
    // abuse-line and uk-abuse-line fit alike (and more than Citizens Advice, whose phrase is not
    // the whole need); abuse-line is open 24/7, so it comes first despite covering England only.
    expect(ids(offered.helplines)).toEqual(['abuse-line', 'uk-abuse-line', 'citizens-advice']);
  });

  it('leaves out a line that fits half as well as the best, or less', () => {
    const offered = offer({ fits: [fit('stepchange', 2), fit('citizens-advice', 1, 1)] });

    expect(ids(offered.helplines)).toEqual(['stepchange']);
  });

  it('offers no England-only line in Scotland, says so plainly and offers Samaritans', () => {
    const offered = offer({ nation: 'Scotland', fits: [fit('stepchange', 2)] });

    expect(ids(offered.helplines)).toEqual(['samaritans']);
    expect(offered.notice).toBe(
      "The lines Locals knows of for 'debt advice' serve England only, so they are not shown " +
        'for a postcode in Scotland. Samaritans is there for anyone in the UK who is struggling, day or night.',
    );
  });

  it('keeps an England and Wales line in Wales', () => {
    const offered = offer({ nation: 'Wales', need: 'food bank', fits: [fit('food-line', 2)] });

    expect(ids(offered.helplines)).toEqual(['food-line']);
    expect(offered.helplines[0]?.forWhom).toBe('For people in England and Wales only');
    expect(offered.notice).toBeNull();
  });

  it('puts the crisis lines in the panel, in order, for the nation, and not again in the list', () => {
    const england = offer({
      crisis: 'suicide',
      fits: [fit('samaritans', 1), fit('shout-85258', 1), fit('uk-abuse-line', 1)],
    });
    const scotland = offer({ crisis: 'suicide', nation: 'Scotland' });

    expect(england.crisis?.kind).toBe('suicide');
    expect(ids(england.crisis?.lines ?? [])).toEqual([
      'samaritans',
      'shout-85258',
      'nhs-111-mental-health',
    ]);
    expect(ids(england.helplines)).toEqual(['uk-abuse-line']);
    expect(ids(scotland.crisis?.lines ?? [])).toEqual(['samaritans', 'shout-85258']);
  });

  it('places the notice even when the one line it offers is already in the crisis panel', () => {
    const offered = offer({
      crisis: 'suicide',
      nation: 'Scotland',
      fits: [fit('stepchange', 2)],
      situation: { ...COVERED_NONE, total: 40, nearestMiles: 0.4 },
    });

    expect(offered.helplines).toEqual([]);
    expect(offered.notice).toMatch(/serve England only/);
    expect(offered.placement).toBe('after');
  });

  it("falls back to the category's lines only where the area has none of it", () => {
    const gap = offer({ category: 'food', situation: { ...COVERED_NONE, categoryGap: true } });
    const noGap = offer({ category: 'food', situation: { ...COVERED_NONE, total: 4 } });

    expect(ids(gap.helplines)).toEqual(['food-line']);
    expect(noGap.helplines).toEqual([]);
  });

  it('outside coverage, follows the need; with none that fits, offers every line for the nation', () => {
    const outside = { covered: false, categoryGap: false, total: 0, nearestMiles: null };
    const food = offer({ need: 'food bank', fits: [fit('food-line', 2)], situation: outside });
    const anything = offer({ need: 'trampoline', situation: outside, nation: 'Scotland' });

    expect(ids(food.helplines)).toEqual(['food-line']);
    expect(food.placement).toBe('top');
    expect(ids(anything.helplines)).toEqual(['samaritans', 'shout-85258', 'uk-abuse-line']);
  });

  it.each([
    [{ total: 0, nearestMiles: null }, 'top'],
    [{ total: 2, nearestMiles: 0.5 }, 'beside'],
    [{ total: 40, nearestMiles: 6.7 }, 'beside'],
    [{ total: 40, nearestMiles: 0.4 }, 'after'],
    [{ total: 40, nearestMiles: 0.4, categoryGap: true }, 'beside'],
  ] as const)('places the lines for %o: %s', (situation, placement) => {
    const offered = offer({
      fits: [fit('stepchange', 2)],
      situation: { ...COVERED_NONE, ...situation },
    });

    expect(offered.placement).toBe(placement);
  });

  it('offers nothing, and no placement, when no line fits a covered search', () => {
    const offered = offer({ need: 'dentist', situation: { ...COVERED_NONE, total: 50 } });

    expect(offered).toEqual({ crisis: null, helplines: [], placement: null, notice: null });
  });

  it('shows unconfirmed hours as null, for the page to say where to check', () => {
    const offered = offer({ fits: [fit('stepchange', 2)] });

    expect(offered.helplines[0]).toMatchObject({ hours: null, open24Hours: false });
  });
});
