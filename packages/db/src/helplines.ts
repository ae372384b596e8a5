import { asc, sql } from 'drizzle-orm';
import { forWhomOf, type Helpline } from '@locals/contracts/helplines';
import type { CategoryId } from '@locals/contracts/categories';
import type { Db } from './client';
import { helplines } from './directory-schema';
import { ukPhoneUri } from './uk-phone';

export type HelplineRow = typeof helplines.$inferSelect;

/** Hours that say the line never closes: "24/7", "24 hours a day, every day", "24-hour service". */
const ALWAYS_OPEN = /\b24\s*\/\s*7\b|\b24[- ]hours?\b/i;

export function isAlwaysOpen(hours: string | null): boolean {
  return hours !== null && ALWAYS_OPEN.test(hours);
}

/**
 * The sms: link for a text line as the data writes it ("85258 (text the word SHOUT)"): the
 * number, with the word to send as the message body when the line names one.
 */
export function smsUri(text: string): string | null {
  const number = /^\s*(\+?[\d ]+\d)/.exec(text)?.[1]?.replace(/\s+/g, '');
  if (!number) return null;
  const word = /\btext the word\s+([A-Za-z]+)/i.exec(text)?.[1];
  return word ? `sms:${number}?body=${encodeURIComponent(word)}` : `sms:${number}`;
}

/** A stored line as the API answers it. Need words stay inside: they are for matching. */
export function toHelpline(row: HelplineRow): Helpline {
  return {
    id: row.id,
    organisation: row.organisation,
    service: row.service,
    phone: row.phone,
    phoneHref: row.phone === null ? null : ukPhoneUri(row.phone),
    text: row.text,
    textHref: row.text === null ? null : smsUri(row.text),
    hours: row.hours,
    open24Hours: isAlwaysOpen(row.hours),
    helpsWith: row.helpsWith,
    // The loader accepts only our category ids, so the stored ones are CategoryIds.
    categories: row.categories as CategoryId[],
    nations: row.nations,
    forWhom: forWhomOf(row.nations),
    sourceUrls: row.sourceUrls,
    sourceSeen: row.sourceSeen,
  };
}

/** National helplines in the open data's order, or those serving one category. */
export async function listHelplines(db: Db, category?: string): Promise<Helpline[]> {
  const rows = await db
    .select()
    .from(helplines)
    .where(category ? sql`${helplines.categories} @> array[${category}]::text[]` : undefined)
    .orderBy(asc(helplines.position));
  return rows.map(toHelpline);
}
