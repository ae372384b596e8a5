import { asc, sql } from 'drizzle-orm';
import type { Helpline } from '@locals/contracts/helplines';
import type { CategoryId } from '@locals/contracts/categories';
import type { Db } from './client';
import { helplines } from './directory-schema';
import { ukPhoneUri } from './uk-phone';

/**
 * National helplines in the open data's order (crisis lines first), or those serving one
 * category. The loader accepts only our category ids, so the stored ones are CategoryIds.
 */
export async function listHelplines(db: Db, category?: string): Promise<Helpline[]> {
  const rows = await db
    .select()
    .from(helplines)
    .where(category ? sql`${helplines.categories} @> array[${category}]::text[]` : undefined)
    .orderBy(asc(helplines.position));
  return rows.map((row) => ({
    id: row.id,
    organisation: row.organisation,
    service: row.service,
    phone: row.phone,
    phoneHref: row.phone === null ? null : ukPhoneUri(row.phone),
    text: row.text,
    hours: row.hours,
    helpsWith: row.helpsWith,
    categories: row.categories as CategoryId[],
    nations: row.nations,
    sourceUrls: row.sourceUrls,
    sourceSeen: row.sourceSeen,
  }));
}
