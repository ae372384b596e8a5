/**
 * Where each page of a feed list ends, by id, so page N is read from its first id instead of
 * counting past every service before it (decision 041). Learned in one pass over the list's ids
 * the first time a list of several pages is read, then kept while the list's count holds.
 */
export type PageKeys = {
  /** How many services the list held when its keys were made. */
  total: number;
  /** The id each page ends with, page 1 first; the last page has none (it runs to the end). */
  ends: string[];
};

/** Page N of `keys`: after the previous page's last id, up to its own; null past the end. */
export type PageBounds = { after?: string; upTo?: string; expected: number };

/** Beyond this many pages (per_page under 100 at a million), pages are found by offset. */
export const MOST_KEYED_PAGES = 10_000;

/** Lists whose keys are kept, most recently used; at most MOST_KEYED_PAGES ids each. */
const KEPT_LISTS = 32;

export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

export function boundsOf(keys: PageKeys, page: number, perPage: number): PageBounds | null {
  const pages = pageCount(keys.total, perPage);
  if (page > pages) return null;
  return {
    after: keys.ends[page - 2],
    upTo: page < pages ? keys.ends[page - 1] : undefined,
    expected: Math.min(perPage, keys.total - (page - 1) * perPage),
  };
}

/**
 * How far a page read by its keys may be from per_page and still be served: services added
 * and removed in equal numbers since the keys were made leave the count as it was, and move into
 * or out of a page's stretch of ids. A tenth of a page is kept, so a walk still meets each
 * service once; more, and the keys are made again.
 */
export function isEvenEnough(size: number, bounds: PageBounds, perPage: number): boolean {
  return Math.abs(size - bounds.expected) <= Math.floor(perPage / 10);
}

/**
 * The keys of recently read lists (each a filter and page size), in memory: a walk asks for
 * pages in order within minutes, and several walks of the same list share one pass. `refresh`
 * makes them once however many requests find them stale together.
 */
export function createPageKeysCache() {
  const lists = new Map<string, Promise<PageKeys>>();

  function keep(list: string, keys: Promise<PageKeys>) {
    lists.delete(list);
    lists.set(list, keys);
    if (lists.size > KEPT_LISTS) lists.delete(lists.keys().next().value!);
  }

  return {
    get(list: string): Promise<PageKeys> | undefined {
      const keys = lists.get(list);
      if (keys) keep(list, keys);
      return keys;
    },

    /** New keys for `list`, unless another request already replaced the `stale` ones. */
    refresh(list: string, stale: Promise<PageKeys> | undefined, make: () => Promise<PageKeys>) {
      const current = lists.get(list);
      if (current && current !== stale) return current;
      const made = make();
      keep(list, made);
      made.catch(() => {
        if (lists.get(list) === made) lists.delete(list);
      });
      return made;
    },
  };
}
