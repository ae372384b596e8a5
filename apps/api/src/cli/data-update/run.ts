import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseHeaderlessCsv, readCsv, type CsvRow } from '@locals/db/open-data/csv';
import { OPEN_DATA_FILES } from '@locals/db/open-data/load';
import type { FindPlace } from './coverage';
import { writeCsvFile } from './csv-out';
import { download, SOURCES, type SourceName } from './download';
import { FOOD_BANK_EXTRA, foodBanks } from './give-food';
import { LIBRARY_EXTRA, libraries } from './libraries';
import { updateNhsWebsiteFiles, type NhsWebsiteFiles } from './nhs-website';
import { DISTRICT_COLUMNS, ladNamesFrom, POSTCODE_COLUMNS, readNspl } from './nspl';
import {
  COMMUNITY_EXTRA,
  communitySupport,
  DENTAL_EXTRA,
  dentalPractices,
  odsRecord,
  pharmacies,
  PHARMACY_EXTRA,
  PRIMARY_CARE_EXTRA,
  primaryCare,
  type OdsRecord,
} from './ods';
import { SERVICE_COLUMNS, type Transformed } from './service-row';
import { unzipEntry } from './zip';

export interface DataUpdateOptions {
  /** The NSPL CSV (unzipped), from the ONS Open Geography Portal; without it, only `nhsWebsite`. */
  nspl: string | undefined;
  /** ONS "LA_UA names and codes" CSV from the NSPL download; else names come from `out`. */
  ladNames: string | undefined;
  /** Where our files are written: the repository's open-data/ by default. */
  out: string;
  /** Where downloads are kept. */
  downloads: string;
  /** Use files already in `downloads` instead of fetching them. */
  isOffline: boolean;
  /** source_as_of for Give Food and the libraries, which carry no date: YYYY-MM. */
  asOf: string;
  /** The NHS website files that arrive as files, to check and copy (decision 032). */
  nhsWebsite: NhsWebsiteFiles;
}

const DOWNLOAD_FILES: Record<SourceName, string> = {
  epraccur: 'epraccur.zip',
  edispensary: 'edispensary.zip',
  egdpprac: 'egdpprac.zip',
  giveFood: 'givefood-foodbanks.csv',
  libraries: 'libraries.csv',
};

async function fetchAll(options: DataUpdateOptions, log: (line: string) => void): Promise<void> {
  for (const [name, url] of Object.entries(SOURCES) as [SourceName, string][]) {
    const path = join(options.downloads, DOWNLOAD_FILES[name]);
    if (options.isOffline) {
      if (!existsSync(path)) throw new Error(`--offline: ${path} is missing (download ${url}).`);
      continue;
    }
    log(`Downloading ${url}`);
    await download(url, path);
  }
}

async function odsRecords(
  options: DataUpdateOptions,
  name: 'epraccur' | 'edispensary' | 'egdpprac',
) {
  const zip = await readFile(join(options.downloads, DOWNLOAD_FILES[name]));
  const csv = unzipEntry(zip, (entry) => entry.toLowerCase().endsWith(`${name}.csv`));
  return odsRecordsFromCsv(csv.toString('latin1'));
}

/** ODS CSVs have no header row. */
export function odsRecordsFromCsv(text: string): OdsRecord[] {
  return parseHeaderlessCsv(text).map(odsRecord);
}

async function csvRows(path: string): Promise<CsvRow[]> {
  const rows: CsvRow[] = [];
  for await (const row of readCsv(path)) rows.push(row);
  return rows;
}

interface OutputFile {
  file: string;
  columns: readonly string[];
  result: Transformed;
}

/** Download, read and transform everything first; write only when every source worked. */
export async function runDataUpdate(
  options: DataUpdateOptions,
  log: (line: string) => void = console.log,
): Promise<OutputFile[]> {
  // Checked and copied first: a run that stops later has still taken them in, as they are.
  await updateNhsWebsiteFiles(options.nhsWebsite, options.out, log);
  if (options.nspl === undefined) {
    log('Restart the server to load the new files.');
    return [];
  }
  return updateFromPublishers({ ...options, nspl: options.nspl }, log);
}

async function updateFromPublishers(
  options: DataUpdateOptions & { nspl: string },
  log: (line: string) => void,
): Promise<OutputFile[]> {
  if (!existsSync(options.nspl)) {
    throw new Error(
      `There is no NSPL file at ${options.nspl}. Download the latest "National Statistics Postcode Lookup" ` +
        'from the ONS Open Geography Portal (geoportal.statistics.gov.uk), unzip it and pass its ' +
        'Data/NSPL_*_UK.csv with --nspl.',
    );
  }
  await fetchAll(options, log);

  const ladNames = ladNamesFrom(
    await csvRows(join(options.out, OPEN_DATA_FILES.districts)).catch(() => []),
  );
  if (options.ladNames)
    for (const [code, name] of ladNamesFrom(await csvRows(options.ladNames)))
      ladNames.set(code, name);
  log(`Reading ${options.nspl}`);
  const nspl = await readNspl(readCsv(options.nspl), ladNames);
  const findPlace: FindPlace = (postcode) => nspl.places.get(postcode);

  const epraccur = await odsRecords(options, 'epraccur');
  const outputs: OutputFile[] = [
    {
      file: OPEN_DATA_FILES.districts,
      columns: DISTRICT_COLUMNS,
      result: { rows: nspl.districts, skipped: {} },
    },
    {
      file: OPEN_DATA_FILES.postcodes,
      columns: POSTCODE_COLUMNS,
      result: { rows: nspl.postcodes, skipped: {} },
    },
    {
      file: 'services_nhs_primary_care.csv',
      columns: [...SERVICE_COLUMNS, ...PRIMARY_CARE_EXTRA],
      result: primaryCare(epraccur, findPlace),
    },
    {
      file: 'services_nhs_community_support.csv',
      columns: [...SERVICE_COLUMNS, ...COMMUNITY_EXTRA],
      result: communitySupport(epraccur, findPlace),
    },
    {
      file: 'services_nhs_pharmacies.csv',
      columns: [...SERVICE_COLUMNS, ...PHARMACY_EXTRA],
      result: pharmacies(await odsRecords(options, 'edispensary'), findPlace),
    },
    {
      file: 'services_nhs_dental.csv',
      columns: [...SERVICE_COLUMNS, ...DENTAL_EXTRA],
      result: dentalPractices(await odsRecords(options, 'egdpprac'), findPlace),
    },
    {
      file: 'services_food_banks.csv',
      columns: [...SERVICE_COLUMNS, ...FOOD_BANK_EXTRA],
      result: foodBanks(
        await csvRows(join(options.downloads, DOWNLOAD_FILES.giveFood)),
        findPlace,
        options.asOf,
      ),
    },
    {
      file: 'services_public_libraries.csv',
      columns: [...SERVICE_COLUMNS, ...LIBRARY_EXTRA],
      result: libraries(
        await csvRows(join(options.downloads, DOWNLOAD_FILES.libraries)),
        findPlace,
        options.asOf,
      ),
    },
  ];
  for (const output of outputs) {
    // An empty result means the upstream layout changed or the download was wrong: keep ours.
    if (output.result.rows.length === 0) {
      throw new Error(`${output.file}: no rows came out; nothing was written.`);
    }
  }
  for (const { file, columns, result } of outputs) {
    await writeCsvFile(join(options.out, file), columns, result.rows);
    const skipped = Object.entries(result.skipped).map(([reason, count]) => `${count} ${reason}`);
    log(
      `${file}: ${result.rows.length} rows${skipped.length > 0 ? ` (left out: ${skipped.join('; ')})` : ''}`,
    );
  }
  log(
    'helplines.csv is checked by hand and was not changed. Restart the server to load the new files.',
  );
  return outputs;
}
