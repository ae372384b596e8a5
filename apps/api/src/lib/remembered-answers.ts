import { LRUCache } from 'lru-cache';

/**
 * Answers about places that change only when data is loaded (where a postcode is, whether Locals
 * lists services near it), kept in this process so that a search does not ask the database
 * again for each of them (issue 31). Bounded (the least recently used go first) and short-lived:
 * an import or a new listing shows within `ttlMs` on every instance, with no signal between
 * them.
 *
 * Only answers that say something is there are kept (`isKept`): a postcode not found, or a place
 * not yet covered, is asked again each time, so that what an import adds is found at once, and a
 * stream of made-up postcodes cannot fill the memory with misses.
 */
export function rememberedAnswers<Answer extends NonNullable<unknown>>(options: {
  ttlMs: number;
  maxEntries: number;
  isKept: (answer: Answer) => boolean;
}) {
  const cache = new LRUCache<string, Answer>({ max: options.maxEntries, ttl: options.ttlMs });
  return async function remembered(key: string, ask: () => Promise<Answer>): Promise<Answer> {
    const known = cache.get(key);
    if (known !== undefined) return known;
    const answer = await ask();
    if (options.isKept(answer)) cache.set(key, answer);
    return answer;
  };
}
