import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fetchFeedText, parseFeedJson } from '../feed-fetch';
import { importProblem } from '../import-problem';

/** One item of an RPDE feed (OpenActive's Realtime Paged Data Exchange). */
export type RpdeItem = { id: string; state: 'updated' | 'deleted'; data: unknown };

export type RpdeFeed = {
  /** The last state of each item id read, in the order first seen: a later page wins. */
  items: Map<string, RpdeItem>;
  /** Items that could not be used, with why. */
  problems: { label: string; reason: string }[];
  /** The feed's declared licence (the first page's `license`). */
  license: string | null;
  pages: number;
  /** Where the feed went on when paging stopped at the limit; null when it was read to its end. */
  stoppedAt: string | null;
};

export type RpdeSource = { url: string } | { file: string };

/** A feed published since 2018 can have thousands of pages; a run stops here and says so. */
const MAX_PAGES = 500;

/**
 * Reads an RPDE feed: a file is one page (its `next` is a URL of the live feed, not followed);
 * a URL is followed page by page until a page has no items or names itself as next.
 */
export async function readRpdeFeed(source: RpdeSource, maxPages = MAX_PAGES): Promise<RpdeFeed> {
  const feed: RpdeFeed = {
    items: new Map(),
    problems: [],
    license: null,
    pages: 0,
    stoppedAt: null,
  };
  if ('file' in source) {
    const name = path.basename(source.file);
    addPage(feed, pageOf(parseFeedJson(await readFile(source.file, 'utf8'), name), name));
    return feed;
  }
  let url = source.url;
  for (;;) {
    const where = `page ${feed.pages + 1} of the feed (${url})`;
    const page = pageOf(parseFeedJson(await fetchFeedText(url, where), where), where);
    addPage(feed, page);
    const next = page.next ? new URL(page.next, url).href : null;
    if (page.items.length === 0 || !next || next === url) return feed;
    if (feed.pages >= maxPages) {
      feed.stoppedAt = next;
      return feed;
    }
    url = next;
  }
}

type Page = { items: unknown[]; next: string | null; license: string | null };

function addPage(feed: RpdeFeed, page: Page): void {
  feed.pages += 1;
  feed.license ??= page.license;
  for (const [index, raw] of page.items.entries()) {
    const item = raw as Partial<Record<'id' | 'state' | 'data', unknown>> | null;
    const id = typeof item?.id === 'string' || typeof item?.id === 'number' ? String(item.id) : '';
    const label = id ? `id ${id}` : `item ${index + 1} of page ${feed.pages}`;
    if (!id) feed.problems.push({ label, reason: 'no id' });
    else if (item?.state === 'deleted') feed.items.set(id, { id, state: 'deleted', data: null });
    else if (item?.state === 'updated')
      feed.items.set(id, { id, state: 'updated', data: item.data });
    else feed.problems.push({ label, reason: `state must be 'updated' or 'deleted'` });
  }
}

function pageOf(json: unknown, where: string): Page {
  const page = json as Partial<Record<'items' | 'next' | 'license', unknown>> | null;
  if (typeof page !== 'object' || page === null || !Array.isArray(page.items)) {
    throw importProblem(`${where} is not an RPDE page: it needs {"items": [...], "next": ...}.`);
  }
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null);
  return { items: page.items as unknown[], next: text(page.next), license: text(page.license) };
}
