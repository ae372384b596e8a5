import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { safeHttpUrl, unsafeUrlMessage } from '@locals/contracts/safe-url';
import { serviceTextProblem, type ServiceTextField } from '@locals/contracts/service-record';
import { queryRows, type Database } from '@locals/db/client';
import { readCsv } from '@locals/db/open-data/csv';
import { serviceFromOpenData, type NewService } from '@locals/db/open-data/service-records';
import { upsertServices } from '@locals/db/open-data/upsert-services';
import { sql } from 'drizzle-orm';
import { csvProblem, importProblem, whereJsonFails } from './import-problem';
import { createImportReport, reject, warn, type ImportReport } from './import-report';
import { londonDay } from '../capabilities/london-time';
import { FEED_POLICY, type FetchPolicy } from './feed-fetch';
import { finishFeedRun } from './feed-import-state';
import { orukFromCsvRow, serviceFromOruk, type ImportContext } from './oruk';
import { orukPageOf } from './oruk-feed';
import { readFeedRun, type ModifiedAfter } from './oruk-feed-run';

export type ServicesImportOptions = (
  { file: string } | { url: string; modifiedAfter?: ModifiedAfter }
) & {
  licence: string;
  /**
   * Where the data comes from, the same on every run of the same feed: ORUK ids are prefixed with
   * it, so next month's file updates this month's services instead of adding them again.
   */
  source: string;
  verified?: boolean;
  /**
   * The clock schedules are compared with (ones that ended before today are not read), and the
   * start of a feed's run, which `--modified-after auto` asks from next time.
   */
  now?: Date;
  /** Each request's time limit and retries, when reading a feed. */
  feedPolicy?: FetchPolicy;
};

/** Locals keeps one location per service; a flattened ORUK CSV has a row for each location. */
export const REPEATED_ID =
  'repeats a service id from an earlier row (Locals keeps one location per service: the first)';

type Candidate = { rowNumber: number; service: NewService };

/**
 * Imports services from ORUK JSON (an array, a 3.0 page `{contents: [...]}` or a 1.0 page
 * `{content: [...]}`), an ORUK API's URL (every page, or what changed since a time), flattened
 * ORUK CSV, or CSV in our own open-data columns. Upserts by id, so running it again updates
 * and never duplicates, all in one transaction, so a failed run writes nothing.
 */
export async function importServices(
  database: Database,
  options: ServicesImportOptions,
): Promise<ImportReport> {
  const fileName = 'file' in options ? path.basename(options.file) : options.url;
  const now = options.now ?? new Date();
  const context: ImportContext = {
    source: options.source,
    sourceName: `${'file' in options ? fileName : new URL(options.url).host} (imported)`,
    licence: options.licence,
    verified: options.verified ?? false,
    today: londonDay(now),
  };
  const report = createImportReport();
  const candidates: Candidate[] = [];
  const feed =
    'url' in options
      ? await readFeedRun(database.db, {
          url: options.url,
          source: options.source,
          modifiedAfter: options.modifiedAfter ?? null,
          now,
          policy: options.feedPolicy ?? FEED_POLICY,
        })
      : null;
  const records =
    'file' in options
      ? readServiceRecords(options.file, context)
      : feedRecordsOf(feed?.records ?? [], context);
  for await (const { rowNumber, result } of records) {
    if ('rejected' in result) {
      reject(report, rowNumber, result.rejected);
      continue;
    }
    const service = withSafeWebsite(result.row, () =>
      warn(report, rowNumber, unsafeUrlMessage('website')),
    );
    const problem = textProblemOf(service);
    if (problem) reject(report, rowNumber, problem);
    else candidates.push({ rowNumber, service });
  }
  // An empty list of what changed says only that nothing did.
  const isEmptyAllowed = feed?.isChangesOnly ?? false;
  if (candidates.length === 0 && report.rejected.size === 0 && !isEmptyAllowed) {
    throw importProblem(`There are no services in ${fileName}: nothing was imported.`);
  }
  const placed = firstOfEachId(await placeServices(database, candidates, report), report);
  await upsertServices(database, placed);
  // Only once the services are written. A run that stops between the two keeps its checkpoint
  // and the remembered time, so the same command writes the same records again, which is
  // harmless: the two need no common transaction.
  if (feed) await finishFeedRun(database.db, options.source, feed.run);
  report.accepted = placed.length;
  report.notes.push(...(feed?.notes ?? []));
  return report;
}

/** The first row of each service id that could be placed; later ones are reported, not lost. */
function firstOfEachId(placed: Candidate[], report: ImportReport): NewService[] {
  const seen = new Set<string>();
  return placed.flatMap(({ rowNumber, service }) => {
    if (seen.has(service.id)) {
      reject(report, rowNumber, REPEATED_ID);
      return [];
    }
    seen.add(service.id);
    return [service];
  });
}

/** A website that is not http(s) (`javascript:...`) is dropped, and the row kept (decision 029). */
function withSafeWebsite(service: NewService, onDropped: () => void): NewService {
  const website = safeHttpUrl(service.website);
  if (service.website?.trim() && website === null) onDropped();
  return { ...service, website };
}

/** The contracts' limit for each text field a service keeps; null when all fit. */
function textProblemOf(service: NewService): string | null {
  const fields: [ServiceTextField, string | string[] | null | undefined][] = [
    ['id', service.id],
    ['name', service.name],
    ['provider', service.provider],
    ['description', service.fullDescription ?? service.description],
    ['address', service.address],
    ['postcode', service.postcode],
    ['website', service.website],
    ['email', service.email],
    ['phones', service.phones],
    ['serviceTypes', service.serviceTypes],
    ['languages', service.languages],
    ['openingHours', service.openingHours],
    ['statusDetails', service.statusDetails],
  ];
  for (const [field, value] of fields) {
    const problem = serviceTextProblem(field, value);
    if (problem) return problem;
  }
  return null;
}

/** Numbered in the order the feed lists them, across its pages, from 1. */
function* feedRecordsOf(records: unknown[], context: ImportContext) {
  for (const [index, record] of records.entries()) {
    yield { rowNumber: index + 1, result: serviceFromOruk(record, context) };
  }
}

async function* readServiceRecords(file: string, context: ImportContext) {
  const fileName = path.basename(file);
  if (/\.json$/i.test(file)) {
    const text = await readFile(file, 'utf8');
    if (text.trim() === '') return;
    const records = recordsOfJson(parseJson(text, fileName), fileName);
    for (const [index, record] of records.entries()) {
      yield { rowNumber: index + 1, result: serviceFromOruk(record, context) };
    }
    return;
  }
  // Spreadsheet numbering: the header is row 1, so the first record is row 2.
  let rowNumber = 1;
  const rows = readCsv(file);
  for (;;) {
    let next: IteratorResult<Record<string, string>>;
    try {
      next = await rows.next();
    } catch (error) {
      throw csvProblem(error, fileName);
    }
    if (next.done) return;
    const row = next.value;
    rowNumber += 1;
    yield {
      rowNumber,
      result:
        'subcategory' in row
          ? fromOpenDataRow(row, context)
          : serviceFromOruk(orukFromCsvRow(row), context),
    };
  }
}

function parseJson(text: string, fileName: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw importProblem(
      `${fileName} is not valid JSON${whereJsonFails(error, text)}: correct it and import it again.`,
    );
  }
}

/** A saved page is read alone: its `total_pages` says there are more, to be saved too. */
function recordsOfJson(json: unknown, fileName: string): unknown[] {
  const page = orukPageOf(json);
  if (page) return page.items;
  throw importProblem(
    `${fileName} must hold an array of Open Referral UK services, or a page of them: ` +
      '{"contents": [...]} (3.0) or {"content": [...]} (1.0).',
  );
}

/** Our own open-data columns keep their ids and mapping; provenance is the import's. */
function fromOpenDataRow(row: Record<string, string>, context: ImportContext) {
  const result = serviceFromOpenData(row);
  if ('rejected' in result) return result;
  return {
    row: {
      ...result.service,
      source: context.source,
      sourceName: context.sourceName,
      licence: context.licence,
    },
  };
}

type PostcodePlace = {
  postcode: string;
  latitude: number;
  longitude: number;
  lad_code: string | null;
};
type DistrictArea = { outcode: string; lad_code: string | null; lad_name: string | null };

/** Fills coordinates from the unit postcode where a record has none, and the area from its district. */
async function placeServices(
  database: Database,
  candidates: Candidate[],
  report: ImportReport,
): Promise<Candidate[]> {
  const postcodes = [
    ...new Set(candidates.flatMap(({ service }) => (service.postcode ? [service.postcode] : []))),
  ];
  const outcodes = [
    ...new Set(candidates.flatMap(({ service }) => (service.outcode ? [service.outcode] : []))),
  ];
  const places = await queryRows<PostcodePlace>(
    database.db,
    sql`select postcode, latitude, longitude, lad_code from postcodes where postcode = any(${sql.param(postcodes)}::text[])`,
  );
  const areas = await queryRows<DistrictArea>(
    database.db,
    sql`select outcode, lad_code, lad_name from postcode_districts where outcode = any(${sql.param(outcodes)}::text[])`,
  );
  const placeOf = new Map(places.map((place) => [place.postcode, place]));
  const areaOf = new Map(areas.map((area) => [area.outcode, area]));

  const placed: Candidate[] = [];
  for (const { rowNumber, service } of candidates) {
    const place = service.postcode ? placeOf.get(service.postcode) : undefined;
    const hasCoordinates =
      typeof service.latitude === 'number' && typeof service.longitude === 'number';
    if (!hasCoordinates && !place) {
      reject(
        report,
        rowNumber,
        service.postcode
          ? 'no coordinates, and its postcode is not in the postcode table'
          : 'no coordinates and no valid postcode',
      );
      continue;
    }
    const area = service.outcode ? areaOf.get(service.outcode) : undefined;
    placed.push({
      rowNumber,
      service: {
        ...service,
        latitude: hasCoordinates ? service.latitude : place?.latitude,
        longitude: hasCoordinates ? service.longitude : place?.longitude,
        ladCode: service.ladCode ?? place?.lad_code ?? area?.lad_code ?? null,
        ladName: service.ladName ?? area?.lad_name ?? null,
      },
    });
  }
  return placed;
}
