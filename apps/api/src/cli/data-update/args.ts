import path from 'node:path';
import type { NhsWebsiteFiles } from './nhs-website';
import type { DataUpdateOptions } from './run';

export const DATA_UPDATE_HELP = `npm run data:update -- --nspl <NSPL csv> [options]
npm run data:update -- --nhs-contacts <csv> --nhs-clinics <csv>

Rebuilds the open data files (open-data/ by default) from the publishers' current releases, for a
deployment with internet access. The next server start reloads the files that changed.

  --nspl <file>        required: the ONS National Statistics Postcode Lookup, unzipped
                       (Data/NSPL_<month>_<year>_UK.csv). Download the latest from the ONS Open
                       Geography Portal, geoportal.statistics.gov.uk (its address changes with
                       each release, so it is not fetched for you). Gives every postcode's place
                       and authority, the district centroids and the unit postcodes.
  --lad-names <file>   the NSPL download's "LA_UA names and codes" CSV, for authority names;
                       without it, names are kept from the current districts file.
  --out <dir>          where to write (default: the repository's open-data/).
  --downloads <dir>    where downloads are kept (default: .tmp/data-update/).
  --offline            use the files already in --downloads instead of fetching them.
  --as-of <YYYY-MM>    the date written for Give Food and the libraries (default: this month).
  --nhs-contacts <csv> nhs_contact_details.csv: the NHS website's phones, websites and emails for
                       GP practices and pharmacies, by ODS code (no longer published; see
                       open-data/README.md). Checked and copied; works without --nspl.
  --nhs-clinics <csv>  services_nhs_clinics.csv: NHS Talking Therapies, sexual health, drug and
                       alcohol and other NHS clinics from the NHS website's Clinics dataset.
                       Checked and copied; works without --nspl.
  --help               this text.

Fetched:
  NHS ODS epraccur     https://files.digital.nhs.uk/assets/ods/current/epraccur.zip
                       GP practices and other primary care; NHS community services by name
  NHS ODS edispensary  https://files.digital.nhs.uk/assets/ods/current/edispensary.zip (pharmacies)
  NHS ODS egdpprac     https://files.digital.nhs.uk/assets/ods/current/egdpprac.zip (dental)
  Give Food            https://www.givefood.org.uk/api/1/foodbanks/?format=csv (food banks)
  Libraries Hacked     librarydata-db data/schemas/libraries.csv on GitHub (libraries)

helplines.csv is never fetched: each row is checked by hand on the organisation's own page.
Nothing is written unless every source downloads and reads. See open-data/README.md for what
this reproduces of the original preparation and what it does not.`;

function valueAfter(args: string[], index: number, flag: string): string {
  const value = args[index + 1];
  if (!value || value.startsWith('--')) throw new Error(`${flag} needs a value. See --help.`);
  return value;
}

/** Parses the command line; null means "print the help". */
export function parseDataUpdateArgs(
  args: string[],
  repoRoot: string,
  today: Date = new Date(),
): DataUpdateOptions | null {
  const options: Partial<DataUpdateOptions> = {
    out: path.join(repoRoot, 'open-data'),
    downloads: path.join(repoRoot, '.tmp', 'data-update'),
    isOffline: false,
    asOf: today.toISOString().slice(0, 7),
  };
  const nhsWebsite: NhsWebsiteFiles = {};
  for (let index = 0; index < args.length; index += 1) {
    const flag = args[index];
    if (flag === '--help' || flag === '-h') return null;
    if (flag === '--offline') options.isOffline = true;
    else if (flag === '--nspl') options.nspl = path.resolve(valueAfter(args, index++, flag));
    else if (flag === '--lad-names')
      options.ladNames = path.resolve(valueAfter(args, index++, flag));
    else if (flag === '--out') options.out = path.resolve(valueAfter(args, index++, flag));
    else if (flag === '--downloads')
      options.downloads = path.resolve(valueAfter(args, index++, flag));
    else if (flag === '--as-of') {
      options.asOf = valueAfter(args, index++, flag);
      if (!/^\d{4}-\d{2}$/.test(options.asOf)) throw new Error('--as-of must look like 2025-11.');
    } else if (flag === '--nhs-contacts') {
      nhsWebsite.contacts = path.resolve(valueAfter(args, index++, flag));
    } else if (flag === '--nhs-clinics') {
      nhsWebsite.clinics = path.resolve(valueAfter(args, index++, flag));
    } else throw new Error(`Unknown option '${flag}'. See --help.`);
  }
  if (!options.nspl && !nhsWebsite.contacts && !nhsWebsite.clinics) {
    throw new Error('--nspl <NSPL csv> is required. See --help.');
  }
  return { nspl: undefined, ladNames: undefined, ...options, nhsWebsite } as DataUpdateOptions;
}
