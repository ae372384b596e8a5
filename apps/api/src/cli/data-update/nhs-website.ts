import { copyFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { readCsv } from '@locals/db/open-data/csv';
import { OPEN_DATA_FILES } from '@locals/db/open-data/load';
import { nhsContactFromCsv, serviceFromOpenData } from '@locals/db/open-data/service-records';

/**
 * The two files prepared from the NHS website's datasets (decision 032), which nobody publishes
 * any more: the NHS website's contact details for GP practices and pharmacies, and its clinics.
 * They arrive as files (the data folder's README says where each came from), so `data:update`
 * checks that Locals reads every row of them and copies them into open-data/ as they are.
 */
export type NhsWebsiteFiles = {
  /** nhs_contact_details.csv */
  contacts?: string;
  /** services_nhs_clinics.csv */
  clinics?: string;
};

const CLINICS_FILE = 'services_nhs_clinics.csv';
const CONTACT_COLUMNS = ['service_id', 'postcode_matches', 'phone', 'website', 'email'];
const CLINIC_COLUMNS = ['service_id', 'subcategory', 'name', 'postcode', 'latitude', 'longitude'];

type Checked = { file: string; from: string; rows: number; notUsed: Record<string, number> };

async function check(
  from: string,
  columns: readonly string[],
  read: (row: Record<string, string>) => { rejected: string } | object,
): Promise<Omit<Checked, 'file' | 'from'>> {
  let rows = 0;
  const notUsed: Record<string, number> = {};
  for await (const row of readCsv(from)) {
    if (rows === 0) {
      const missing = columns.filter((column) => !(column in row));
      if (missing.length > 0) {
        throw new Error(`${from} has no ${missing.join(', ')} column: is it the right file?`);
      }
    }
    rows += 1;
    const result = read(row);
    if ('rejected' in result) notUsed[result.rejected] = (notUsed[result.rejected] ?? 0) + 1;
  }
  if (rows === 0) throw new Error(`${from} has no rows: nothing was written.`);
  return { rows, notUsed };
}

/** Checks both files first, then copies them: one that cannot be read writes neither. */
export async function updateNhsWebsiteFiles(
  files: NhsWebsiteFiles,
  out: string,
  log: (line: string) => void,
): Promise<void> {
  const checked: Checked[] = [];
  if (files.contacts) {
    const from = files.contacts;
    const result = await check(from, CONTACT_COLUMNS, nhsContactFromCsv);
    checked.push({ file: OPEN_DATA_FILES.contacts, from, ...result });
  }
  if (files.clinics) {
    const from = files.clinics;
    const result = await check(from, CLINIC_COLUMNS, (row) => serviceFromOpenData(row));
    const unread = Object.entries(result.notUsed);
    if (unread.length > 0) {
      const reasons = unread.map(([reason, count]) => `${count} ${reason}`).join('; ');
      throw new Error(`${from}: Locals cannot read every row (${reasons}); nothing was written.`);
    }
    checked.push({ file: CLINICS_FILE, from, ...result });
  }
  for (const { file, from, rows, notUsed } of checked) {
    const target = join(out, file);
    await copyFile(from, `${target}.partial`);
    await rename(`${target}.partial`, target);
    const unused = Object.entries(notUsed).map(([reason, count]) => `${count}: ${reason}`);
    log(`${file}: ${rows} rows${unused.length > 0 ? ` (not merged: ${unused.join('; ')})` : ''}`);
  }
}
