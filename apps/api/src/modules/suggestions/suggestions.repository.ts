import { randomBytes } from 'node:crypto';
import type { Suggestion, SuggestionReader, SuggestionStatus } from '@locals/contracts/suggestions';
import type { Db } from '@locals/db/client';
import { listingProviders, services, suggestions } from '@locals/db/schema';
import { and, desc, eq, sql } from 'drizzle-orm';
import { replayOf, type IdempotentCreate } from '../idempotency';
import { EMAIL_LEASE_MS, type EmailTry } from './suggestion-emails';

export type Decision = Exclude<SuggestionStatus, 'new'>;
export type DecisionOutcome = 'recorded' | 'not_found' | { alreadyAnswered: SuggestionStatus };

/**
 * Claimed: an organisation joined Locals for the listing (listing_providers, decision 024).
 * Only then does a suggestion go to the listing's address; otherwise moderators read it.
 */
export const isClaimedListing = sql<boolean>`exists (select 1 from ${listingProviders} where ${listingProviders.serviceId} = ${suggestions.serviceId})`;

const suggestionColumns = {
  id: suggestions.id,
  serviceId: suggestions.serviceId,
  serviceName: services.name,
  suggestionText: suggestions.suggestionText,
  status: suggestions.status,
  isClaimed: isClaimedListing,
  createdAt: suggestions.createdAt,
  updatedAt: suggestions.updatedAt,
};

/** 24 random bytes, URL-safe: the provider's only credential, sent in the email link. */
export function newProviderToken(): string {
  return randomBytes(24).toString('base64url');
}

export function createSuggestionsRepository(db: Db) {
  return {
    /**
     * Stores a suggestion as new; null when the service does not exist. For a claimed listing the
     * request makes the first try at the provider's email (counted, and leased so the timer
     * leaves it alone meanwhile). An unclaimed listing's suggestion is never emailed (no try is
     * due): it waits in the moderators' queue. With an idempotency key, a repeat finds the first
     * suggestion, and no email: that one is the first request's.
     */
    async create(
      userId: string,
      input: { serviceId: string; suggestionText: string },
      at: Date,
      idempotencyKey?: string,
    ): Promise<IdempotentCreate<{ suggestion: Suggestion; emailTry: EmailTry | null }> | null> {
      const [found] = await db
        .select({
          id: services.id,
          name: services.name,
          email: services.email,
          providerId: listingProviders.serviceId,
        })
        .from(services)
        .leftJoin(listingProviders, eq(listingProviders.serviceId, services.id))
        .where(eq(services.id, input.serviceId));
      if (!found) return null;
      const { providerId, ...service } = found;
      const isClaimed = providerId !== null;
      const [row] = await db
        .insert(suggestions)
        .values({
          userId,
          serviceId: service.id,
          suggestionText: input.suggestionText,
          status: 'new',
          providerToken: newProviderToken(),
          idempotencyKey,
          emailAttempts: isClaimed ? 1 : 0,
          emailNextAttemptAt: isClaimed ? new Date(at.getTime() + EMAIL_LEASE_MS) : null,
          createdAt: at,
          updatedAt: at,
        })
        // A concurrent request with the same key waits here until the first one commits.
        .onConflictDoNothing({
          target: [suggestions.userId, suggestions.idempotencyKey],
          where: sql`${suggestions.idempotencyKey} is not null`,
        })
        .returning();
      if (row) {
        return {
          outcome: 'created',
          value: {
            suggestion: toSuggestion({ ...row, serviceName: service.name, isClaimed }),
            emailTry: isClaimed
              ? {
                  suggestionId: row.id,
                  attempts: row.emailAttempts,
                  providerToken: row.providerToken,
                  suggestionText: row.suggestionText,
                  service,
                }
              : null,
          },
        };
      }
      const [first] = idempotencyKey
        ? await db
            .select(suggestionColumns)
            .from(suggestions)
            .innerJoin(services, eq(services.id, suggestions.serviceId))
            .where(
              and(eq(suggestions.userId, userId), eq(suggestions.idempotencyKey, idempotencyKey)),
            )
        : [];
      if (!first) throw new Error('A suggestion that conflicted could not be read back');
      const isSameRequest =
        first.serviceId === input.serviceId && first.suggestionText === input.suggestionText;
      return replayOf({ suggestion: toSuggestion(first), emailTry: null }, isSameRequest);
    },

    /** The sender's own suggestions, newest first. */
    async listMine(userId: string): Promise<Suggestion[]> {
      const rows = await db
        .select(suggestionColumns)
        .from(suggestions)
        .innerJoin(services, eq(services.id, suggestions.serviceId))
        .where(eq(suggestions.userId, userId))
        .orderBy(desc(suggestions.createdAt), desc(suggestions.id));
      return rows.map(toSuggestion);
    },

    /** What the provider sees: nothing about who sent it. */
    async findForProvider(token: string) {
      const [row] = await db
        .select({
          serviceName: services.name,
          suggestionText: suggestions.suggestionText,
          status: suggestions.status,
          createdAt: suggestions.createdAt,
        })
        .from(suggestions)
        .innerJoin(services, eq(services.id, suggestions.serviceId))
        .where(eq(suggestions.providerToken, token));
      return row
        ? { ...row, status: asStatus(row.status), createdAt: row.createdAt.toISOString() }
        : null;
    },

    /**
     * A new suggestion takes the decision; the same decision again changes nothing; a different
     * one is refused, so the first answer (which the sender may already have seen) stands.
     */
    async decide(token: string, decision: Decision, at: Date): Promise<DecisionOutcome> {
      const updated = await db
        .update(suggestions)
        .set({ status: decision, updatedAt: at })
        .where(and(eq(suggestions.providerToken, token), eq(suggestions.status, 'new')))
        .returning({ id: suggestions.id });
      if (updated.length > 0) return 'recorded';
      const [current] = await db
        .select({ status: suggestions.status })
        .from(suggestions)
        .where(eq(suggestions.providerToken, token));
      if (!current) return 'not_found';
      return current.status === decision
        ? 'recorded'
        : { alreadyAnswered: asStatus(current.status) };
    },
  };
}

function toSuggestion(row: {
  id: string;
  serviceId: string;
  serviceName: string;
  suggestionText: string;
  status: string;
  isClaimed: boolean;
  createdAt: Date;
  updatedAt: Date;
}): Suggestion {
  return {
    id: row.id,
    serviceId: row.serviceId,
    serviceName: row.serviceName,
    suggestionText: row.suggestionText,
    status: asStatus(row.status),
    readBy: readerOf(row.isClaimed),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function readerOf(isClaimed: boolean): SuggestionReader {
  return isClaimed ? 'provider' : 'moderators';
}

/** The table's check constraint allows only these three. */
function asStatus(value: string): SuggestionStatus {
  return value === 'accepted' || value === 'rejected' ? value : 'new';
}
