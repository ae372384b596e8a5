import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Database } from '@locals/db/client';
import { describeImportFailure, importProblem } from './import-problem';
import { formatImportReport } from './import-report';
import { importPostcodes } from './import-postcodes';
import { importServices } from './import-services';

const USAGE = `Usage: npm run import -- <file> [--type services|postcodes] [--source NAME] [--licence TEXT] [--verified]

  services (default): Open Referral UK JSON or CSV, or CSV in our open-data columns.
                      --source is required: a short name for the feed, the same every time.
                      --licence is required: the licence the data was published under.
  postcodes:          ONS Postcode Directory / NSPL CSV, or Code-Point Open CSV.`;

// Part of every imported ORUK service's id, and ids appear in links: no spaces, slashes or colons.
const SOURCE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,59}$/;

export type ImportCommand =
  | { type: 'services'; file: string; licence: string; source: string; verified: boolean }
  | { type: 'postcodes'; file: string };

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
    },
  });
  const [file, ...extra] = positionals;
  if (!file || extra.length > 0) throw new Error(`Name one file to import.\n\n${USAGE}`);
  const resolved = path.resolve(file);
  if (values.type === 'postcodes') return { type: 'postcodes', file: resolved };
  if (values.type !== 'services')
    throw new Error(`--type must be services or postcodes, not '${values.type}'.`);
  if (!values.licence?.trim()) {
    throw new Error(
      '--licence is required when importing services: say which licence the data was published under, ' +
        "e.g. --licence 'Open Government Licence v3.0'.",
    );
  }
  const source = values.source?.trim();
  if (!source) {
    throw new Error(
      '--source is required when importing services: a short name for where the data comes from, ' +
        'e.g. --source bristol-council. Use the same name each time you import that feed, so a ' +
        'new file updates its services instead of adding them again.',
    );
  }
  if (!SOURCE_NAME.test(source)) {
    throw new Error(
      `--source '${source}' cannot be used: use up to 60 letters, digits, dots, dashes or ` +
        'underscores, starting with a letter or digit, e.g. --source bristol-council.',
    );
  }
  return {
    type: 'services',
    file: resolved,
    licence: values.licence.trim(),
    source,
    verified: values.verified,
  };
}

/**
 * Runs one import on an open, migrated database and returns the report to print. A failure is
 * thrown as one line for the person running it (import-problem.ts).
 */
export async function runImport(database: Database, command: ImportCommand): Promise<string> {
  const name = path.basename(command.file);
  try {
    if (command.type === 'postcodes') {
      const report = await importPostcodes(database, command.file);
      if (report.accepted === 0 && report.rejected.size === 0) {
        throw importProblem(`There are no postcodes in ${name}: nothing was imported.`);
      }
      const format = report.format === 'onspd' ? 'ONS Postcode Directory' : 'Code-Point Open';
      return formatImportReport(`Imported postcodes from ${name} (${format})`, report);
    }
    const report = await importServices(database, command);
    return formatImportReport(
      `Imported services from ${name} (source '${command.source}')`,
      report,
    );
  } catch (error) {
    const whatIsKept =
      command.type === 'services'
        ? 'A services import is one transaction, so nothing of it was written.'
        : 'Run the import again once the database is fixed.';
    throw importProblem(describeImportFailure(error, name, whatIsKept), error);
  }
}
