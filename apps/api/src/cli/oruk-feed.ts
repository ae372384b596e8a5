import { FEED_POLICY, fetchFeedText, parseFeedJson, type FetchPolicy } from './feed-fetch';
import { importProblem } from './import-problem';

/** One page of services: 3.0 `{contents, total_pages, last_page}`, 1.0 `{content, totalPages, last}`. */
type OrukPage = { items: unknown[]; totalPages: number | null; isLast: boolean };

/** Requested per page; a publisher may send fewer, and its `total_pages` is what counts. */
const PER_PAGE = 100;
/** A run stops here rather than follow a feed that never says it has ended. */
const MAX_PAGES = 1000;
/** Detail requests in flight at once: quick, without hammering a council's server. */
const CONCURRENCY = 4;

/** A page envelope (or a bare array, one page of everything); null when it is neither. */
export function orukPageOf(json: unknown): OrukPage | null {
  if (Array.isArray(json)) return { items: json, totalPages: 1, isLast: true };
  if (typeof json !== 'object' || json === null) return null;
  const page = json as Record<string, unknown>;
  const items = Array.isArray(page.contents) ? page.contents : page.content;
  if (!Array.isArray(items)) return null;
  const totalPages = page.total_pages ?? page.totalPages;
  return {
    items: items as unknown[],
    totalPages: typeof totalPages === 'number' ? totalPages : null,
    isLast: page.last_page === true || page.last === true,
  };
}

/** A page of the feed read whole: the full record of each service it lists, in its order. */
export type FeedPage = { number: number; records: unknown[]; isLast: boolean };

/** What to ask the feed for: everything, or what changed on or after a time (its `modified_after`). */
export type FeedQuery = { modifiedAfter: Date | null };

/** An ORUK API's base URL, with or without its `/services`, without it. */
function baseOf(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '').replace(/\/services$/, '');
}

/** GET /services with the query's parameters and no page: what a checkpoint was read from. */
export function orukServicesUrl(baseUrl: string, query: FeedQuery): string {
  return servicesUrl(baseOf(baseUrl), query, null);
}

function servicesUrl(base: string, { modifiedAfter }: FeedQuery, page: number | null): string {
  const url = new URL(`${base}/services`);
  if (page !== null) url.searchParams.set('page', String(page));
  url.searchParams.set('per_page', String(PER_PAGE));
  if (modifiedAfter) url.searchParams.set('modified_after', modifiedAfter.toISOString());
  return url.href;
}

/**
 * The pages of GET /services at an ORUK API, in order from the one after `afterPage`, each with
 * its summaries' full records. Any failure throws, naming the page or service, so an import of a
 * half-read feed writes nothing. `policy`: each request's time limit and retries.
 */
export async function* readOrukPages(
  baseUrl: string,
  query: FeedQuery,
  afterPage: number,
  policy: FetchPolicy = FEED_POLICY,
): AsyncGenerator<FeedPage> {
  const base = baseOf(baseUrl);
  for (let number = afterPage + 1; ; number += 1) {
    const url = servicesUrl(base, query, number);
    const where = `page ${number} of the feed (${url})`;
    const page = orukPageOf(parseFeedJson(await fetchFeedText(url, where, policy), where));
    if (!page) {
      throw importProblem(
        `${where} is not a page of Open Referral UK services: it needs {"contents": [...]} ` +
          '(3.0) or {"content": [...]} (1.0). Nothing was imported.',
      );
    }
    const isLast =
      page.items.length === 0 ||
      page.isLast ||
      (page.totalPages !== null && number >= page.totalPages);
    const records = await inParallel(page.items, (summary) =>
      fullRecordOf(base, summary, number, policy),
    );
    yield { number, records, isLast };
    if (isLast) return;
    if (number >= MAX_PAGES) {
      throw importProblem(
        `The feed at ${base} has more than ${MAX_PAGES} pages of ${PER_PAGE}: nothing was imported.`,
      );
    }
  }
}

/**
 * The UK profile's list schema (compiled/service_list.json, as HSDS 3.0's) has no locations,
 * schedules, contacts or attributes: a list item is a summary, and GET /services/{id} the
 * service. A feed that nests them in its list already (ORUK 1.0, Locals' own) is not asked
 * again: an item with locations is taken as whole.
 */
async function fullRecordOf(
  base: string,
  summary: unknown,
  pageNumber: number,
  policy: FetchPolicy,
): Promise<unknown> {
  if (typeof summary !== 'object' || summary === null) return summary;
  const fields = summary as Record<string, unknown>;
  if (Array.isArray(fields.service_at_locations) || Array.isArray(fields.locations)) return summary;
  const id = fields.id;
  // Without an id there is nothing to ask for; the import reports it as missing one.
  if (typeof id !== 'string' && typeof id !== 'number') return summary;
  const url = `${base}/services/${encodeURIComponent(String(id))}`;
  const where = `service ${String(id)}, listed on page ${pageNumber} of the feed (${url})`;
  return parseFeedJson(await fetchFeedText(url, where, policy), where);
}

/**
 * `work` on each item, a few at a time, in order. The first failure stops taking more, and is
 * thrown once the requests in flight have ended, so none outlives the import.
 */
async function inParallel<T, R>(items: T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const failures: unknown[] = [];
  const worker = async () => {
    while (failures.length === 0 && next < items.length) {
      const index = next;
      next += 1;
      try {
        results[index] = await work(items[index] as T);
      } catch (error) {
        failures.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
  if (failures.length > 0) throw failures[0];
  return results;
}
