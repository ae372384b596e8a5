import type { Db } from '@locals/db/client';
import { beginFeedRun, keepFeedPage, lastImportStart, type FeedRun } from './feed-import-state';
import type { FetchPolicy } from './feed-fetch';
import { importProblem, isImportProblem } from './import-problem';
import { orukServicesUrl, readOrukPages, type FeedPage } from './oruk-feed';

/** `--modified-after`: a time, or `auto`, since the source's last successful import. */
export type ModifiedAfter = Date | 'auto';

/**
 * `auto` asks for a little before the last import began: a record its publisher saved in a
 * transaction that began earlier, or by a clock a little behind ours, carries a time before
 * that start, though the last import could not see it. Reading one again changes nothing.
 */
const OVERLAP_MINUTES = 5;

export type FeedRead = {
  run: FeedRun;
  /** The full record of every service listed, in the feed's order across its pages. */
  records: unknown[];
  /** Only what changed was asked for: a service the feed did not list is not gone. */
  isChangesOnly: boolean;
  /** Lines for the report: what was asked for, and where a resumed run began. */
  notes: string[];
};

export type FeedReadOptions = {
  url: string;
  source: string;
  modifiedAfter: ModifiedAfter | null;
  now: Date;
  policy: FetchPolicy;
};

/**
 * Reads an ORUK API's services, keeping each page read whole as the source's checkpoint, and
 * resuming after the pages a stopped run of the same feed and parameters kept (decision 040).
 * Writes no service: the caller writes them all once every page is read, then finishes the run.
 */
export async function readFeedRun(db: Db, options: FeedReadOptions): Promise<FeedRead> {
  const { url, source } = options;
  const { since, sinceNote } = await sinceOf(db, source, options.modifiedAfter);
  const query = { modifiedAfter: since };
  const run = await beginFeedRun(db, source, orukServicesUrl(url, query), options.now);
  const pages = [...run.pages];
  const lastKept = pages.at(-1);
  if (!lastKept?.isLast) {
    try {
      for await (const page of readOrukPages(url, query, lastKept?.number ?? 0, options.policy)) {
        await keepFeedPage(db, source, page);
        pages.push(page);
      }
    } catch (error) {
      throw withResumeAdvice(error, pages);
    }
  }
  const records = pages.flatMap((page) => page.records);
  const notes = [
    ...(sinceNote ? [`${sinceNote}: ${records.length} listed`] : []),
    ...(run.pages.length > 0 ? [resumedNote(run)] : []),
  ];
  return { run, records, isChangesOnly: since !== null, notes };
}

async function sinceOf(
  db: Db,
  source: string,
  modifiedAfter: ModifiedAfter | null,
): Promise<{ since: Date | null; sinceNote: string | null }> {
  if (modifiedAfter === null) return { since: null, sinceNote: null };
  if (modifiedAfter !== 'auto') {
    return { since: modifiedAfter, sinceNote: `changed since ${modifiedAfter.toISOString()}` };
  }
  const last = await lastImportStart(db, source);
  if (!last) {
    return {
      since: null,
      sinceNote: 'no earlier import of this source is remembered, so the whole feed was read',
    };
  }
  const since = new Date(last.getTime() - OVERLAP_MINUTES * 60_000);
  return {
    since,
    sinceNote:
      `changed since ${since.toISOString()} (${OVERLAP_MINUTES} minutes before the last ` +
      'successful import began)',
  };
}

function resumedNote({ startedAt, pages }: FeedRun): string {
  const kept = pages.length === 1 ? 'page 1 was' : `pages 1-${pages.length} were`;
  return `resumed: ${kept} read by the run that began at ${startedAt.toISOString()} and stopped`;
}

/** A run that stops says that the same command carries on after the pages it read. */
function withResumeAdvice(error: unknown, pages: FeedPage[]): unknown {
  const last = pages.at(-1);
  if (!isImportProblem(error) || !last) return error;
  const kept = last.number === 1 ? 'Page 1 is' : `Pages 1-${last.number} are`;
  return importProblem(
    `${error.message} ${kept} kept: the same command resumes at page ${last.number + 1}.`,
    error,
  );
}
