import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { EventCategoryId } from '@locals/contracts/event-categories';
import type { Database } from '@locals/db/client';
import { importProblem } from '../import-problem';
import type { EventDraft } from './event-draft';
import { createEventsReport, noteEvent, type EventsReport } from './events-report';
import { readIcalEvent } from './ical-event';
import { splitIcsFeed, type IcsCut } from './ics-feed';
import { sessionWindow } from './import-window';
import { pointsOf } from './placement';
import { refuseSubmittedSource } from './submitted-source';
import { writeEvents } from './write-events';

export type IcalImportOptions = {
  file: string;
  source: string;
  licence: string;
  /** The venue of a single-venue feed, for events whose LOCATION has no postcode. */
  postcode?: string;
  category?: EventCategoryId;
};

/**
 * Imports an iCalendar feed. The feed is the whole truth for its source: events are upserted by
 * UID, and the source's events no longer in it are removed, all in one transaction. A file cut
 * short is not the whole truth, so it imports nothing.
 */
export async function importIcal(
  database: Database,
  options: IcalImportOptions,
  now: Date,
): Promise<EventsReport> {
  refuseSubmittedSource(options.source);
  const fileName = path.basename(options.file);
  const text = (await readFile(options.file, 'utf8')).replace(/^\uFEFF/, '');
  if (!/^\s*BEGIN:VCALENDAR/i.test(text)) {
    throw importProblem(
      `${fileName} is not an iCalendar file (it must begin with BEGIN:VCALENDAR).`,
    );
  }
  if (
    options.postcode &&
    !(await pointsOf(database.db, [options.postcode])).has(options.postcode)
  ) {
    throw importProblem(
      `--postcode ${options.postcode} is not in the postcode table: check it, or import that ` +
        'area’s postcodes first (--type postcodes). Nothing was imported.',
    );
  }
  const { entries, calendarName, cut } = splitIcsFeed(text);
  if (cut) throw importProblem(cutMessage(fileName, cut));
  if (entries.length === 0) {
    throw importProblem(`There are no events in ${fileName}: nothing was imported.`);
  }
  const report = createEventsReport();
  const window = sessionWindow(now);
  const drafts: EventDraft[] = [];
  for (const entry of entries) {
    const result = readIcalEvent(entry, { category: options.category, window });
    if ('draft' in result) drafts.push(result.draft);
    else if ('skipped' in result) noteEvent(report.skipped, result.skipped, result.label);
    else noteEvent(report.rejected, result.rejected, result.label);
  }
  await writeEvents(
    database,
    {
      source: options.source,
      sourceName: calendarName ?? fileName,
      licence: options.licence,
      drafts,
      fallbackPostcode: options.postcode,
      noPostcode: 'no UK postcode in LOCATION; pass --postcode for a single-venue feed',
      from: window.from,
      remove: 'missing',
    },
    report,
  );
  return report;
}

/** Names the line, so the person can see where the copy they were given ends. */
function cutMessage(fileName: string, cut: IcsCut): string {
  const where =
    'openEventLine' in cut
      ? `${fileName} is incomplete: the event that begins on line ${cut.openEventLine} has no END:VEVENT`
      : `${fileName} ends at line ${cut.lastLine} without END:VCALENDAR`;
  return (
    `${where}, as if cut off in transfer. Nothing was imported and the source's events are as ` +
    'they were: fetch the whole file and import it again.'
  );
}
