import path from 'node:path';
import type { Database } from '@locals/db/client';
import { importProblem } from '../import-problem';
import type { EventDraft } from './event-draft';
import { createEventsReport, noteEvent, type EventsReport } from './events-report';
import { sessionWindow } from './import-window';
import { readOpenActiveItem } from './openactive-event';
import { readRpdeFeed, type RpdeSource } from './rpde';
import { refuseSubmittedSource } from './submitted-source';
import { writeEvents } from './write-events';

export type OpenActiveImportOptions = {
  feed: RpdeSource;
  source: string;
  /** When not given, the licence the feed declares. */
  licence?: string;
};

/**
 * Imports OpenActive sessions from an RPDE feed. A feed lists changes, not the whole truth:
 * `updated` items are upserted by item id, `deleted` ones removed, and nothing else is touched.
 */
export async function importOpenActive(
  database: Database,
  options: OpenActiveImportOptions,
  now: Date,
): Promise<EventsReport> {
  refuseSubmittedSource(options.source);
  const feed = await readRpdeFeed(options.feed);
  const licence = options.licence ?? feed.license;
  if (!licence) {
    throw importProblem(
      '--licence is required: the feed does not declare its licence ("license"). Say which ' +
        "licence the data was published under, e.g. --licence 'CC BY 4.0'.",
    );
  }
  if (feed.items.size === 0 && feed.problems.length === 0) {
    throw importProblem('There are no items in the feed: nothing was imported.');
  }
  const report = createEventsReport();
  for (const { label, reason } of feed.problems) noteEvent(report.rejected, reason, label);
  const window = sessionWindow(now);
  const drafts: EventDraft[] = [];
  const deleted: string[] = [];
  for (const item of feed.items.values()) {
    if (item.state === 'deleted') {
      deleted.push(item.id);
      continue;
    }
    const result = readOpenActiveItem(item.id, item.data, window);
    if ('draft' in result) drafts.push(result.draft);
    else if ('skipped' in result) noteEvent(report.skipped, result.skipped, result.label);
    else noteEvent(report.rejected, result.rejected, result.label);
  }
  if (feed.stoppedAt) {
    report.notes.push(
      `stopped after ${feed.pages} pages; the feed goes on at ${feed.stoppedAt} (import that address next)`,
    );
  }
  const sourceName =
    'url' in options.feed ? new URL(options.feed.url).host : path.basename(options.feed.file);
  await writeEvents(
    database,
    {
      source: options.source,
      sourceName: `${sourceName} (OpenActive)`,
      licence,
      drafts,
      noPostcode: 'no UK postcode in its location (address.postalCode)',
      from: window.from,
      remove: deleted,
    },
    report,
  );
  return report;
}
