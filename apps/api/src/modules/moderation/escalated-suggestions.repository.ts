import {
  SUGGESTION_ESCALATES_AFTER_BUSINESS_DAYS,
  type EscalatedSuggestion,
} from '@locals/contracts/moderation';
import type { Db } from '@locals/db/client';
import { services, suggestions } from '@locals/db/schema';
import { and, asc, eq, lt } from 'drizzle-orm';
import { businessDaysBetween } from '../../lib/business-days';
import { listingFieldsOf } from '../listings';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Suggestions still 'new' after their service had 5 business days to answer, oldest first.
 * Five business days take at least five calendar days, so SQL keeps only those; business days
 * (weekends, bank holidays) are counted here.
 */
export async function escalatedSuggestions(db: Db, now: Date): Promise<EscalatedSuggestion[]> {
  const rows = await db
    .select({ suggestion: suggestions, service: services })
    .from(suggestions)
    .innerJoin(services, eq(services.id, suggestions.serviceId))
    .where(
      and(
        eq(suggestions.status, 'new'),
        lt(
          suggestions.createdAt,
          new Date(now.getTime() - SUGGESTION_ESCALATES_AFTER_BUSINESS_DAYS * DAY_MS),
        ),
      ),
    )
    .orderBy(asc(suggestions.createdAt), asc(suggestions.id));
  return rows.flatMap(({ suggestion, service }) => {
    const ageBusinessDays = businessDaysBetween(suggestion.createdAt, now);
    if (ageBusinessDays < SUGGESTION_ESCALATES_AFTER_BUSINESS_DAYS) return [];
    return [
      {
        id: suggestion.id,
        serviceId: service.id,
        serviceName: service.name,
        suggestionText: suggestion.suggestionText,
        createdAt: suggestion.createdAt.toISOString(),
        ageBusinessDays,
        listing: listingFieldsOf(service),
      },
    ];
  });
}

export type SuggestionRow = typeof suggestions.$inferSelect;

export async function findSuggestionForUpdate(db: Db, id: string): Promise<SuggestionRow | null> {
  const [row] = await db.select().from(suggestions).where(eq(suggestions.id, id)).for('update');
  return row ?? null;
}

/** Why a moderator may not decide this suggestion (yet); null when they may. */
export function undecidable(suggestion: SuggestionRow, now: Date): string | null {
  if (suggestion.status !== 'new') return `This suggestion was already ${suggestion.status}.`;
  const age = businessDaysBetween(suggestion.createdAt, now);
  if (age >= SUGGESTION_ESCALATES_AFTER_BUSINESS_DAYS) return null;
  return `This suggestion is ${age} business ${age === 1 ? 'day' : 'days'} old: its service has ${SUGGESTION_ESCALATES_AFTER_BUSINESS_DAYS} business days to answer it before moderators decide.`;
}
