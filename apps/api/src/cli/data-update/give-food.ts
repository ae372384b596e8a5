import type { CsvRow } from '@locals/db/open-data/csv';
import { tidyPostcode, type FindPlace } from './coverage';
import { OUTSIDE } from './ods';
import { serviceRow, skip, type Transformed } from './service-row';

export const FOOD_BANK_EXTRA = ['network', 'charity_number', 'coordinates_basis'];
const SOURCE = 'Give Food (givefood.org.uk) food bank list, from its API (foodbanks CSV)';

/** Give Food's address lines, trimmed, without a last line that only repeats the postcode. */
function addressOf(address: string, postcode: string): string {
  const lines = address
    .split(/\r?\n/)
    .map((line) => line.trim().replace(/,+$/, '').trim())
    .filter(Boolean);
  if (lines.length > 0 && tidyPostcode(lines.at(-1)) === postcode) lines.pop();
  return lines.join(', ');
}

/**
 * Give Food's CSV (https://www.givefood.org.uk/api/1/foodbanks/?format=csv): open food banks
 * whose postcode lies in a covered authority, placed at the NSPL centroid of that postcode (Give
 * Food's own points are not used: one Bristol point was 229 km out). Nothing is added: no hours,
 * eligibility or referral rules, because Give Food's list has none.
 */
export function foodBanks(rows: CsvRow[], findPlace: FindPlace, asOf: string): Transformed {
  const result: Transformed = { rows: [], skipped: {} };
  for (const row of rows) {
    if (row.closed?.trim().toLowerCase() === 'true') {
      skip(result.skipped, 'closed');
      continue;
    }
    const postcode = tidyPostcode(row.postcode);
    const slug = row.slug?.trim();
    const found = postcode ? findPlace(postcode) : undefined;
    if (!postcode || !slug || !row.name?.trim() || !found) {
      skip(result.skipped, OUTSIDE);
      continue;
    }
    result.rows.push(
      serviceRow(
        {
          serviceId: `givefood:${slug}`,
          category: 'food',
          subcategory: 'Food bank',
          name: row.name.trim(),
          address: addressOf(row.address ?? '', postcode),
          postcode,
          place: found,
          phone: (row.phone ?? '').replace(/^[\s.,;:()-]+|[\s.,;:()-]+$/g, ''),
          email: row.email?.trim() ?? '',
          website: row.url?.trim() ?? '',
          source: SOURCE,
          sourceRecordId: slug,
          sourceAsOf: asOf,
        },
        {
          network: row.network?.trim() ?? '',
          charity_number: row.charity_number?.trim() ?? '',
          coordinates_basis: 'nspl_postcode_centroid',
        },
      ),
    );
  }
  return result;
}
