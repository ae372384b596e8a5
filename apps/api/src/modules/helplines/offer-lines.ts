import type { CategoryId } from '@locals/contracts/categories';
import { CRISIS_LINE_IDS, type CrisisKind } from '@locals/contracts/crisis';
import {
  nationsServed,
  type Crisis,
  type Helpline,
  type HelplinePlacement,
  type Nation,
} from '@locals/contracts/helplines';
import { isAlwaysOpen, toHelpline, type HelplineRow } from '@locals/db/helplines';
import type { LineFit } from './helplines.repository';

/** Fewer local results than this, on a first page, are "few" (decision 027). */
export const FEW_RESULTS = 3;
/** A nearest result further than this is "far": the lines come beside it, not after the list. */
export const FAR_MILES = 3;

/** The line offered when no line for a need serves the person's nation: it is for anyone. */
const ANYONE_LINE_ID = 'samaritans';

export type SearchSituation = {
  /** Locals lists services around the place searched. */
  covered: boolean;
  /** The category asked for (or named by the keyword) has no real service in the area. */
  categoryGap: boolean;
  /** Local results found, and the distance of the nearest in miles (null without one). */
  total: number;
  nearestMiles: number | null;
};

export type LineRequest = {
  lines: readonly HelplineRow[];
  fits: readonly LineFit[];
  /** The searcher's nation; null when the place is not known (every line is shown, labelled). */
  nation: Nation | null;
  crisis: CrisisKind | null;
  category: CategoryId | null;
  /** The need as the person put it, for the notice ("debt"); null with no keyword. */
  need: string | null;
  situation: SearchSituation;
};

export type LineOffer = {
  crisis: Crisis | null;
  helplines: Helpline[];
  placement: HelplinePlacement | null;
  notice: string | null;
};

const serves = (nation: Nation | null) => (line: HelplineRow) =>
  nation === null || nationsServed(line.nations).includes(nation);

/**
 * Which national lines a search offers, in what order and where (decision 027):
 * - a line fits when the words searched hold one of its need phrases, or every term is found in
 *   its name, description or need words; the best fit first, then lines open 24/7, then lines
 *   for the whole UK, then the file's order;
 * - with no line fitting the words, the lines of the category, where the area has none of it or
 *   is not covered; outside coverage with neither, every line;
 * - only lines serving the searcher's nation; when that leaves a need with none, a notice says
 *   so plainly and Samaritans (for anyone in the UK) is offered;
 * - the crisis lines go in `crisis`, first on the page, and are not repeated.
 */
export function offerLines(request: LineRequest): LineOffer {
  const { lines, nation, situation } = request;
  const servesHere = serves(nation);
  const fitOf = new Map(request.fits.map((fit) => [fit.id, fitScore(fit)] as const));
  const byId = new Map(lines.map((line) => [line.id, line] as const));
  const crisis: Crisis | null = request.crisis
    ? {
        kind: request.crisis,
        lines: CRISIS_LINE_IDS.flatMap((id) => {
          const line = byId.get(id);
          return line && servesHere(line) ? [toHelpline(line)] : [];
        }),
      }
    : null;

  // A line that fits half as well as the best or less ('advice' alone, for 'debt advice') is noise.
  const bestFit = Math.max(0, ...fitOf.values());
  const matched = lines
    .filter((line) => {
      const fit = fitOf.get(line.id) ?? 0;
      return fit > 0 && fit * 2 > bestFit;
    })
    .sort(
      (a, b) =>
        (fitOf.get(b.id) ?? 0) - (fitOf.get(a.id) ?? 0) || byAvailability(a, b) || byReach(a, b),
    );
  const category = request.category;
  let candidates: HelplineRow[] = matched;
  if (candidates.length === 0 && category && (situation.categoryGap || !situation.covered)) {
    candidates = lines
      .filter((line) => line.categories.includes(category))
      .sort((a, b) => byAvailability(a, b) || byReach(a, b));
  }
  if (candidates.length === 0 && !situation.covered) {
    candidates = [...lines];
  }

  let chosen = candidates.filter(servesHere);
  let notice: string | null = null;
  if (candidates.length > 0 && chosen.length === 0 && nation !== null) {
    const reach = [...new Set(candidates.map((line) => line.nations))].join(' or ');
    const need = request.need ? ` for '${request.need}'` : '';
    notice =
      `The lines Locals knows of${need} serve ${reach} only, so they are not shown for a ` +
      `postcode in ${nation}. Samaritans is there for anyone in the UK who is struggling, day or night.`;
    const anyone = byId.get(ANYONE_LINE_ID);
    chosen = anyone && servesHere(anyone) ? [anyone] : [];
  }
  const inPanel = new Set(crisis?.lines.map((line) => line.id) ?? []);
  const helplines = chosen.filter((line) => !inPanel.has(line.id)).map(toHelpline);
  const placement = helplines.length > 0 || notice !== null ? placementOf(situation) : null;
  return { crisis, helplines, placement, notice };
}

/**
 * The words searched that a line covers: through its need phrases, or all of them when every
 * term is in its name or description; half a point more when one need phrase is all the words
 * typed ('debt advice' is StepChange's own phrase). 0 when it does not fit.
 */
function fitScore(fit: LineFit): number {
  const covered = Math.max(fit.needCover, fit.allTerms ? fit.typedWords : 0);
  if (covered === 0) return 0;
  return covered + (fit.longestNeed > 0 && fit.longestNeed >= fit.typedWords ? 0.5 : 0);
}

/** Where lines (or the notice about them) go, by what the search found. */
function placementOf(situation: SearchSituation): HelplinePlacement {
  if (!situation.covered || situation.total === 0) return 'top';
  // With no real service of the kind near (only demo listings), the lines are the real help.
  if (situation.categoryGap) return 'beside';
  const far = situation.nearestMiles !== null && situation.nearestMiles > FAR_MILES;
  return situation.total < FEW_RESULTS || far ? 'beside' : 'after';
}

/** Lines open all day and night first. */
function byAvailability(a: HelplineRow, b: HelplineRow): number {
  return Number(isAlwaysOpen(b.hours)) - Number(isAlwaysOpen(a.hours));
}

/** Lines for the whole UK before those for one or two nations, then the file's order. */
function byReach(a: HelplineRow, b: HelplineRow): number {
  return (
    nationsServed(b.nations).length - nationsServed(a.nations).length || a.position - b.position
  );
}
