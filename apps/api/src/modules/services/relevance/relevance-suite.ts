import { RELEVANCE_QUERIES, type RelevanceQuery } from './relevance-queries';
import { mean, scoreQuery, type QueryScore, type RankedResult } from './relevance-score';

/** What the suite reads of a search answer. */
export type SearchAnswer = {
  results: (RankedResult & { name: string })[];
  totalResults: number;
  location: { postcode: string } | null;
};

/** Runs one search-new query (a real API, through HTTP or inject); null for a non-200 answer. */
export type Search = (query: Record<string, string>) => Promise<SearchAnswer | null>;

export type SuiteResult = { scores: QueryScore[]; precisionAt5: number; ndcgAt10: number };

/** The product's default radius, as the results page sends it. */
const DEFAULT_MILES = 10;

/** Runs every query as a person would send it, and scores the top of each answer. */
export async function runRelevanceSuite(
  search: Search,
  queries = RELEVANCE_QUERIES,
): Promise<SuiteResult> {
  const scores: QueryScore[] = [];
  for (const query of queries) scores.push(await scoreOne(search, query));
  return {
    scores,
    precisionAt5: mean(scores.map((score) => score.precisionAt5)),
    ndcgAt10: mean(scores.map((score) => score.ndcgAt10)),
  };
}

async function scoreOne(search: Search, query: RelevanceQuery): Promise<QueryScore> {
  const distance = String(query.distance ?? DEFAULT_MILES);
  const place: Record<string, string> = query.postcode ? { postcode: query.postcode } : {};
  const answer = await search({ ...place, distance, keyword: query.keyword, pageSize: '10' });
  const results = answer?.results ?? [];
  const where = query.postcode ?? answer?.location?.postcode;
  // How many relevant services the area holds: the same search by service type alone.
  const relevantTotal =
    query.relevant.length === 0 || !where
      ? 0
      : ((
          await search({
            postcode: where,
            distance,
            serviceTypes: query.relevant.join(','),
            pageSize: '1',
          })
        )?.totalResults ?? 0);
  return scoreQuery(query, results, relevantTotal);
}

/** One line per query, worst first, then the means: what `npm run bench:relevance` prints. */
export function describeSuite(result: SuiteResult): string[] {
  const lines = [...result.scores]
    .sort((a, b) => a.ndcgAt10 - b.ndcgAt10)
    .map((score) => {
      const where = score.query.postcode ?? '(place in keyword)';
      const top = score.top
        .slice(0, 3)
        .map((service) => service.serviceTypes[0] ?? '?')
        .join(', ');
      return `${score.precisionAt5.toFixed(2)}  ${score.ndcgAt10.toFixed(2)}  ${`'${score.query.keyword}'`.padEnd(26)} ${where.padEnd(20)} top: ${top || '(none)'}`;
    });
  return [
    'P@5   nDCG@10  query                      near                 top 3 result types',
    ...lines,
    `mean precision@5 ${result.precisionAt5.toFixed(3)}, mean nDCG@10 ${result.ndcgAt10.toFixed(3)} over ${result.scores.length} queries`,
  ];
}
