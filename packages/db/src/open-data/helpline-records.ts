import { CategoryIdSchema } from '@locals/contracts/category-schema';
import type { CsvRow } from './csv';
import type { helplines } from '../directory-schema';

export type NewHelpline = typeof helplines.$inferInsert;

function blankToNull(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function listOf(value: string | undefined, separator: string): string[] {
  return (value ?? '')
    .split(separator)
    .map((item) => item.trim())
    .filter(Boolean);
}

const REQUIRED = ['id', 'organisation', 'service', 'helps_with', 'nations', 'source_seen'];

/**
 * One row of helplines.csv as a helplines row, or why not; `position` keeps the file's order.
 * `verification_note` is the researchers' internal note and is deliberately never read: what is
 * not stored cannot reach a page. Empty `hours` means none are confirmed, stored as null.
 */
export function helplineFromCsv(
  row: CsvRow,
  position: number,
): { helpline: NewHelpline } | { rejected: string } {
  const missing = REQUIRED.filter((column) => !row[column]?.trim());
  if (missing.length > 0) return { rejected: `missing ${missing.join(', ')}` };
  const phone = blankToNull(row.phone);
  const text = blankToNull(row.text);
  if (!phone && !text) return { rejected: 'no phone or text number' };
  const categories = listOf(row.categories, ';');
  const unknown = categories.filter((id) => !CategoryIdSchema.safeParse(id).success);
  if (categories.length === 0 || unknown.length > 0) {
    return { rejected: `categories must be our category ids, not '${row.categories ?? ''}'` };
  }
  return {
    helpline: {
      id: row.id!.trim(),
      position,
      organisation: row.organisation!.trim(),
      service: row.service!.trim(),
      phone,
      text,
      hours: blankToNull(row.hours),
      helpsWith: row.helps_with!.trim(),
      categories,
      nations: row.nations!.trim(),
      sourceUrls: listOf(row.source_url, ' | '),
      sourceSeen: row.source_seen!.trim(),
      needWords: listOf(row.need_words, ';'),
    },
  };
}
