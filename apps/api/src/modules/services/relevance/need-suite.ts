import { nationsServed, type Nation } from '@locals/contracts/helplines';
import { mean } from './relevance-score';
import { NEED_QUERIES, type NeedQuery } from './need-queries';

/** What the need suite reads of a search answer. */
export type LinesAnswer = {
  crisis: { lines: { id: string; nations: string }[] } | null;
  helplines: { id: string; nations: string }[];
};

/** Runs one search-new query; null for a non-200 answer. */
export type LinesSearch = (query: Record<string, string>) => Promise<LinesAnswer | null>;

export type NeedScore = {
  query: NeedQuery;
  /** The mean of the checks below that apply, 0 to 1. */
  score: number;
  crisisRight: boolean;
  /** The share of the lines that must be offered that were. */
  offeredShare: number;
  firstRight: boolean | null;
  /** No line offered that does not serve the postcode's nation. */
  nationsRight: boolean;
  offered: string[];
};

/** The nation of each suite postcode, as the districts data has it. */
const NATION_OF: Record<string, Nation> = {
  'BS1 4DJ': 'England',
  'E1 6AN': 'England',
  'M1 1AE': 'England',
  'EH1 1YZ': 'Scotland',
};

export async function runNeedSuite(
  search: LinesSearch,
  queries = NEED_QUERIES,
): Promise<{ scores: NeedScore[]; mean: number }> {
  const scores: NeedScore[] = [];
  for (const query of queries) {
    const answer = await search({
      postcode: query.postcode,
      keyword: query.keyword,
      distance: '10',
    });
    scores.push(scoreNeed(query, answer));
  }
  return { scores, mean: mean(scores.map((score) => score.score)) };
}

export function scoreNeed(query: NeedQuery, answer: LinesAnswer | null): NeedScore {
  const panel = answer?.crisis?.lines ?? [];
  const list = answer?.helplines ?? [];
  const offered = [...panel, ...list];
  const offeredIds = new Set(offered.map((line) => line.id));
  const crisisRight = (answer?.crisis != null) === query.crisis;
  const offeredShare =
    query.offered.length === 0
      ? 1
      : query.offered.filter((id) => offeredIds.has(id)).length / query.offered.length;
  const firstRight = query.first === undefined ? null : list[0]?.id === query.first;
  const nation = NATION_OF[query.postcode];
  const nationsRight =
    nation === undefined || offered.every((line) => nationsServed(line.nations).includes(nation));
  const checks = [crisisRight ? 1 : 0, offeredShare, nationsRight ? 1 : 0];
  if (firstRight !== null) checks.push(firstRight ? 1 : 0);
  return {
    query,
    score: answer === null ? 0 : mean(checks),
    crisisRight,
    offeredShare,
    firstRight,
    nationsRight,
    offered: offered.map((line) => line.id),
  };
}

/** One line per query, worst first, then the mean: what `npm run bench:relevance` prints. */
export function describeNeedSuite(result: { scores: NeedScore[]; mean: number }): string[] {
  const lines = [...result.scores]
    .sort((a, b) => a.score - b.score)
    .map(
      (score) =>
        `${score.score.toFixed(2)}  ${`'${score.query.keyword}'`.padEnd(24)} ${score.query.postcode.padEnd(8)} ` +
        `crisis ${score.crisisRight ? 'ok' : 'WRONG'}, nations ${score.nationsRight ? 'ok' : 'WRONG'}, offered: ${score.offered.join(', ') || '(none)'}`,
    );
  return [
    'score need query                  near     checks and lines offered (crisis panel first)',
    ...lines,
    `mean need score ${result.mean.toFixed(3)} over ${result.scores.length} queries`,
  ];
}
