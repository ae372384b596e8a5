import type { RelevanceQuery } from './relevance-queries';

/** What the scorer needs of one answer: the service types of the results, in order. */
export type RankedResult = { serviceTypes: string[] };

export type QueryScore = {
  query: RelevanceQuery;
  /** Relevant results in the top 5, out of min(5, relevantTotal); 1 for an empty answer to a query with none. */
  precisionAt5: number;
  /** Binary-gain nDCG over the top 10, the ideal being min(10, relevantTotal) relevant results first. */
  ndcgAt10: number;
  top: RankedResult[];
};

export function isRelevant(result: RankedResult, query: RelevanceQuery): boolean {
  const wanted = new Set(query.relevant.map((type) => type.toLowerCase()));
  return result.serviceTypes.some((type) => wanted.has(type.toLowerCase()));
}

/**
 * Scores one answer. `relevantTotal` is how many relevant services the area holds (the same
 * search by service type), so a query with only two mental-health services near it can score 1.
 * A query with none scores 1 when the answer is empty and 0 when it shows anything.
 */
export function scoreQuery(
  query: RelevanceQuery,
  results: RankedResult[],
  relevantTotal: number,
): QueryScore {
  const top = results.slice(0, 10);
  if (relevantTotal === 0) {
    const score = results.length === 0 ? 1 : 0;
    return { query, precisionAt5: score, ndcgAt10: score, top };
  }
  const gains = top.map((result) => (isRelevant(result, query) ? 1 : 0));
  const hitsAt5 = gains.slice(0, 5).reduce<number>((sum, gain) => sum + gain, 0);
  const dcg = gains.reduce<number>((sum, gain, index) => sum + gain / Math.log2(index + 2), 0);
  let ideal = 0;
  for (let index = 0; index < Math.min(10, relevantTotal); index++)
    ideal += 1 / Math.log2(index + 2);
  return { query, precisionAt5: hitsAt5 / Math.min(5, relevantTotal), ndcgAt10: dcg / ideal, top };
}

export function mean(values: number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
}
