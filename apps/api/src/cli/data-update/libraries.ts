import type { CsvRow } from '@locals/db/open-data/csv';
import { tidyPostcode, type FindPlace } from './coverage';
import { OUTSIDE } from './ods';
import { serviceRow, skip, type Transformed } from './service-row';

export const LIBRARY_EXTRA = [
  'library_authority',
  'library_type',
  'library_type_label',
  'statutory',
  'special_hours',
  'co_located_with',
];

/** The public library data schema's type codes (librarydata-db tables/tbl_schemas_library_type.sql). */
const LIBRARY_TYPES: Record<string, string> = {
  LAL: 'Local authority library',
  'LAL-': 'Local authority library (unstaffed)',
  CL: 'Commissioned library',
  CRL: 'Community-run library',
  ICL: 'Independent community library',
};

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** "staffed: Mon 09:00-17:00; Sat 10:00-13:00,14:00-17:00", the format parseOpeningHours reads. */
export function staffedHours(row: CsvRow): string {
  const days = DAYS.flatMap((day) => {
    const hours = row[`${day} staffed hours`]?.replace(/\s+/g, '') ?? '';
    return hours ? [`${day.slice(0, 3)} ${hours}`] : [];
  });
  return days.length > 0 ? `staffed: ${days.join('; ')}` : '';
}

/**
 * Libraries Hacked's libraries.csv (public library data schema): libraries with no "Year closed"
 * whose postcode lies in a covered authority.
 */
export function libraries(rows: CsvRow[], findPlace: FindPlace, asOf: string): Transformed {
  const result: Transformed = { rows: [], skipped: {} };
  const ids = new Map<string, number>();
  for (const row of rows) {
    if (row['Year closed']?.trim()) {
      skip(result.skipped, 'closed');
      continue;
    }
    const authority = row['Local authority']?.trim() ?? '';
    const name = row['Library name']?.trim() ?? '';
    const postcode = tidyPostcode(row.Postcode);
    const place = postcode ? findPlace(postcode) : undefined;
    if (!postcode || !place || !name) {
      skip(result.skipped, OUTSIDE);
      continue;
    }
    // Two libraries of one authority can share a name: the second gets "-2".
    const base = `library:${slug(authority)}-${slug(name)}`;
    const seen = (ids.get(base) ?? 0) + 1;
    ids.set(base, seen);
    const type = row['Type of library']?.trim() ?? '';
    result.rows.push(
      serviceRow(
        {
          serviceId: seen === 1 ? base : `${base}-${seen}`,
          category: 'community',
          subcategory: 'Public library',
          name,
          address: ['Address 1', 'Address 2', 'Address 3']
            .map((column) => row[column]?.trim() ?? '')
            .filter(Boolean)
            .join(', '),
          postcode,
          place,
          email: row['Email address']?.trim() ?? '',
          website: row.URL?.trim() ?? '',
          openingHours: staffedHours(row),
          source: 'Libraries Hacked librarydata-db (public library dataset schema)',
          sourceRecordId: '',
          sourceAsOf: asOf,
        },
        {
          library_authority: authority,
          library_type: type,
          library_type_label: LIBRARY_TYPES[type] ?? '',
          statutory: row.Statutory?.trim() ?? '',
          special_hours: row['Special hours']?.trim() ?? '',
          co_located_with: row['Co-located with']?.trim() ?? '',
        },
      ),
    );
  }
  return result;
}
