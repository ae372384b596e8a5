import path from 'node:path';
import { parseArgs } from 'node:util';
import type { EventCategoryId } from '@locals/contracts/event-categories';
import { formatPostcode, isFullPostcode } from '@locals/contracts/postcode';
import type { Database } from '@locals/db/client';
import { Temporal } from 'temporal-polyfill';
import { isEventCategory } from './events/event-category';
import { formatEventsReport, rejectedEventCount, type EventsReport } from './events/events-report';
import { importIcal } from './events/import-ical';
import { importOpenActive } from './events/import-openactive';
import { FEED_POLICY, type FetchPolicy } from './feed-fetch';
import { describeImportFailure, importProblem } from './import-problem';
import { formatImportReport, rejectedCount, type ImportReport } from './import-report';
import { importPostcodes } from './import-postcodes';
import { importServices } from './import-services';
import type { ModifiedAfter } from './oruk-feed-run';

const USAGE = `Usage: npm run import -- <file or URL> [--type services|postcodes|events|openactive]
         [--source NAME] [--licence TEXT] [--verified] [--modified-after auto|DATE-TIME]
         [--postcode POSTCODE] [--category ID]

  services (default): Open Referral UK JSON (1.0 or 3.0; an array or one page) or CSV, or CSV
                      in our open-data columns; or an ORUK API's base URL, read page by page
                      (GET /services, then /services/{id} where a page lists summaries).
                      --source is required: a short name for the feed, the same every time.
                      --licence is required: the licence the data was published under.
                      --modified-after auto: from an API, only the services changed since
                      the source's last successful import (all of them the first time);
                      or since a date-time with its zone, e.g. 2025-06-01T09:00:00Z.
  postcodes:          ONS Postcode Directory / NSPL CSV, or Code-Point Open CSV.
  events:             an iCalendar (.ics) feed of community events; --source and --licence are
                      required, as for services. The feed is the whole truth for its source:
                      its events no longer in it are removed. Sessions from today to 12 months
                      ahead are kept. --postcode "BS5 6XX": where events whose LOCATION names no
                      postcode are (a single-venue feed). --category food: for events whose
                      CATEGORIES name none of housing, food, wellbeing, training or health.
  openactive:         an OpenActive RPDE feed: a page saved as JSON (that page alone), or the
                      feed's URL (followed page by page). --source is required; --licence
                      defaults to the licence the feed declares. Deleted items are removed.`;

// Part of every imported ORUK service's id, and ids appear in links: no spaces, slashes or colons.
const SOURCE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,59}$/;
const TYPES = ['services', 'postcodes', 'events', 'openactive'];
/** The example events' source (decision 021): shown as examples, and re-dated or removed. */
const DEMO_SOURCE = 'demo';

export type ImportCommand =
  | ({ type: 'services'; licence: string; source: string; verified: boolean } & (
      { file: string } | { url: string; modifiedAfter?: ModifiedAfter }
    ))
  | { type: 'postcodes'; file: string }
  | {
      type: 'events';
      file: string;
      licence: string;
      source: string;
      postcode?: string;
      category?: EventCategoryId;
    }
  | ({ type: 'openactive'; source: string; licence?: string } & (
      { file: string } | { url: string }
    ));

/** What a run prints, and why it failed when it ran to its end but imported nothing. */
export type ImportOutcome = { report: string; failure: string | null };

/** Reads the command line; a problem throws a message meant for the person who typed it. */
export function parseImportArgs(args: string[]): ImportCommand {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      type: { type: 'string', default: 'services' },
      source: { type: 'string' },
      licence: { type: 'string' },
      verified: { type: 'boolean', default: false },
      postcode: { type: 'string' },
      category: { type: 'string' },
      'modified-after': { type: 'string' },
    },
  });
  const [file, ...extra] = positionals;
  if (!file || extra.length > 0) throw new Error(`Name one file to import.\n\n${USAGE}`);
  const resolved = path.resolve(file);
  const type = values.type;
  if (!TYPES.includes(type)) {
    throw new Error(`--type must be services, postcodes, events or openactive, not '${type}'.`);
  }
  if (type !== 'events' && (values.postcode !== undefined || values.category !== undefined)) {
    throw new Error('--postcode and --category are for --type events only.');
  }
  const isFeed = /^https?:\/\//i.test(file);
  if (values['modified-after'] !== undefined && (type !== 'services' || !isFeed)) {
    throw new Error(
      "--modified-after asks an Open Referral UK API for what changed: give the API's URL, " +
        'with --type services. A file is read whole.',
    );
  }
  if (type === 'postcodes') return { type: 'postcodes', file: resolved };
  const licence = values.licence?.trim();
  if (!licence && type !== 'openactive') {
    throw new Error(
      `--licence is required when importing ${type}: say which licence the data was published under, ` +
        "e.g. --licence 'Open Government Licence v3.0'.",
    );
  }
  const source = sourceOf(values.source, type);
  const feed = isFeed ? { url: file } : { file: resolved };
  if (type === 'openactive') {
    return { type, source, ...(licence ? { licence } : {}), ...feed };
  }
  if (type === 'events') {
    return {
      type,
      file: resolved,
      licence: licence ?? '',
      source,
      ...(values.postcode !== undefined ? { postcode: postcodeOf(values.postcode) } : {}),
      ...(values.category !== undefined ? { category: categoryOf(values.category) } : {}),
    };
  }
  const modifiedAfter = values['modified-after'];
  return {
    type: 'services',
    licence: licence ?? '',
    source,
    verified: values.verified,
    ...feed,
    ...(modifiedAfter !== undefined ? { modifiedAfter: modifiedAfterOf(modifiedAfter) } : {}),
  };
}

/** `auto`, or an instant: a date-time without its zone could be either side of a clock change. */
function modifiedAfterOf(value: string): ModifiedAfter {
  if (value.trim().toLowerCase() === 'auto') return 'auto';
  try {
    return new Date(Temporal.Instant.from(value.trim()).epochMilliseconds);
  } catch {
    throw new Error(
      `--modified-after '${value}' is not a date-time: give auto (what changed since the ` +
        "source's last successful import) or a date and time with its zone, e.g. " +
        '2025-06-01T09:00:00Z or 2025-06-01T10:00:00+01:00.',
    );
  }
}

function sourceOf(value: string | undefined, type: string): string {
  const source = value?.trim();
  if (!source) {
    throw new Error(
      `--source is required when importing ${type}: a short name for where the data comes from, ` +
        'e.g. --source bristol-council. Use the same name each time you import that feed, so a ' +
        `new file updates its ${type === 'services' ? 'services' : 'events'} instead of adding them again.`,
    );
  }
  if (!SOURCE_NAME.test(source)) {
    throw new Error(
      `--source '${source}' cannot be used: use up to 60 letters, digits, dots, dashes or ` +
        'underscores, starting with a letter or digit, e.g. --source bristol-council.',
    );
  }
  if (type !== 'services' && source === DEMO_SOURCE) {
    throw new Error(
      "--source demo is kept for Locals' example events, which are replaced when real ones come: " +
        'choose another name, e.g. --source easton-calendar.',
    );
  }
  return source;
}

function postcodeOf(value: string): string {
  if (!isFullPostcode(value)) {
    throw new Error(`--postcode '${value}' is not a full UK postcode: give one like BS5 6XX.`);
  }
  return formatPostcode(value);
}

function categoryOf(value: string): EventCategoryId {
  const category = value.trim().toLowerCase();
  if (!isEventCategory(category)) {
    throw new Error(
      `--category '${value}' is not one of ours: use housing, food, wellbeing, training or health.`,
    );
  }
  return category;
}

/**
 * Runs one import on an open, migrated database and returns the report to print, with why the
 * run failed when it rejected every row. A run that cannot finish throws one line for the person
 * running it (import-problem.ts). `now` is the clock events are compared with: sessions before
 * today are not imported. `feedPolicy`: each request's time limit and retries, reading a feed.
 */
export async function runImport(
  database: Database,
  command: ImportCommand,
  now: Date = new Date(),
  feedPolicy: FetchPolicy = FEED_POLICY,
): Promise<ImportOutcome> {
  const name = 'file' in command ? path.basename(command.file) : command.url;
  try {
    if (command.type === 'postcodes') {
      const report = await importPostcodes(database, command.file);
      if (report.accepted === 0 && report.rejected.size === 0) {
        throw importProblem(`There are no postcodes in ${name}: nothing was imported.`);
      }
      const format = report.format === 'onspd' ? 'ONS Postcode Directory' : 'Code-Point Open';
      return rowsOutcome(name, `Imported postcodes from ${name} (${format})`, report);
    }
    if (command.type === 'events') {
      const report = await importIcal(database, command, now);
      return eventsOutcome(
        name,
        `Imported events from ${name} (source '${command.source}')`,
        report,
      );
    }
    if (command.type === 'openactive') {
      const feed = 'file' in command ? { file: command.file } : { url: command.url };
      const report = await importOpenActive(database, { ...command, feed }, now);
      return eventsOutcome(
        name,
        `Imported OpenActive sessions from ${name} (source '${command.source}')`,
        report,
      );
    }
    const report = await importServices(database, { ...command, now, feedPolicy });
    return rowsOutcome(name, `Imported services from ${name} (source '${command.source}')`, report);
  } catch (error) {
    const whatIsKept =
      command.type === 'postcodes'
        ? 'Run the import again once the database is fixed.'
        : `A${command.type === 'services' ? ' services' : 'n events'} import is one transaction, so nothing of it was written.`;
    throw importProblem(describeImportFailure(error, name, whatIsKept), error);
  }
}

function rowsOutcome(name: string, title: string, report: ImportReport): ImportOutcome {
  return {
    report: formatImportReport(title, report),
    failure: failureOf(name, report.accepted, rejectedCount(report)),
  };
}

function eventsOutcome(name: string, title: string, report: EventsReport): ImportOutcome {
  const written = report.added + report.updated + report.removed;
  return {
    report: formatEventsReport(title, report),
    failure: failureOf(name, written, rejectedEventCount(report)),
  };
}

/**
 * One rule for every type (decision 029). A run that rejected rows and wrote none ran to its end
 * but did not do its job, so it must not look like success (exit 0) to a person or a scheduler.
 */
function failureOf(name: string, written: number, rejected: number): string | null {
  if (written > 0 || rejected === 0) return null;
  return (
    `Nothing was imported from ${name}: ${rejected} rejected, none accepted (the reasons are ` +
    'listed above). Correct the data or the command and import it again.'
  );
}
