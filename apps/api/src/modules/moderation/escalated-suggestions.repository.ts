import {
  SUGGESTION_ESCALATES_AFTER_BUSINESS_DAYS,
  type EscalatedSuggestion,
} from '@locals/contracts/moderation';
import type { Db } from '@locals/db/client';
import { listingProviders, services, suggestions } from '@locals/db/schema';
import { and, asc, eq, isNull, lt, or } from 'drizzle-orm';
import { businessDaysBetween } from '../../capabilities/london-time';
import { listingFieldsOf } from '../listings';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Suggestions for moderators, oldest first: at once when nobody has claimed the listing (nobody
 * else would read them, decision 030), else still 'new' after the provider had 5 business days
 * to answer. Five business days take at least five calendar days, so SQL keeps only those;
 * business days (weekends, bank holidays) are counted here.
 */
export async function escalatedSuggestions(db: Db, now: Date): Promise<EscalatedSuggestion[]> {
  const rows = await db
    .select({ suggestion: suggestions, service: services, providerId: listingProviders.serviceId })
    .from(suggestions)
    .innerJoin(services, eq(services.id, suggestions.serviceId))
    .leftJoin(listingProviders, eq(listingProviders.serviceId, suggestions.serviceId))
    .where(
      and(
        eq(suggestions.status, 'new'),
        or(
          isNull(listingProviders.serviceId),
          lt(
            suggestions.createdAt,
            new Date(now.getTime() - SUGGESTION_ESCALATES_AFTER_BUSINESS_DAYS * DAY_MS),
          ),
        ),
      ),
    )
    .orderBy(asc(suggestions.createdAt), asc(suggestions.id));
  return rows.flatMap(({ suggestion, service, providerId }) => {
    const ageBusinessDays = businessDaysBetween(suggestion.createdAt, now);
    const isClaimed = providerId !== null;
    if (isClaimed && ageBusinessDays < SUGGESTION_ESCALATES_AFTER_BUSINESS_DAYS) return [];
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

/** Stores a moderator's decision on a suggestion. */
export async function storeDecision(
  db: Db,
  id: string,
  { decision, now }: { decision: 'accepted' | 'rejected'; now: Date },
): Promise<void> {
  await db
    .update(suggestions)
    // A provider email still being retried has nothing left to ask.
    .set({ status: decision, updatedAt: now, emailNextAttemptAt: null })
    .where(eq(suggestions.id, id));
}

/** Whether an organisation has claimed the listing (listing_providers, decision 024). */
export async function isClaimedListing(db: Db, serviceId: string): Promise<boolean> {
  const [row] = await db
    .select({ serviceId: listingProviders.serviceId })
    .from(listingProviders)
    .where(eq(listingProviders.serviceId, serviceId));
  return row !== undefined;
}

/**
 * Why a moderator may not decide this suggestion (yet); null when they may. A claimed listing's
 * provider has the first 5 business days; an unclaimed listing's suggestion is theirs at once.
 */
export function undecidable(
  suggestion: SuggestionRow,
  isClaimed: boolean,
  now: Date,
): string | null {
  if (suggestion.status !== 'new') return `This suggestion was already ${suggestion.status}.`;
  if (!isClaimed) return null;
  const age = businessDaysBetween(suggestion.createdAt, now);
  if (age >= SUGGESTION_ESCALATES_AFTER_BUSINESS_DAYS) return null;
  return `This suggestion is ${age} business ${age === 1 ? 'day' : 'days'} old: its service has ${SUGGESTION_ESCALATES_AFTER_BUSINESS_DAYS} business days to answer it before moderators decide.`;
}
