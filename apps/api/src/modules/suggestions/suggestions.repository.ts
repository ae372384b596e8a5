import { randomBytes } from 'node:crypto';
import type { Suggestion, SuggestionStatus } from '@locals/contracts/suggestions';
import type { Db } from '@locals/db/client';
import { services, suggestions } from '@locals/db/schema';
import { and, desc, eq } from 'drizzle-orm';

export type Decision = Exclude<SuggestionStatus, 'new'>;
export type DecisionOutcome = 'recorded' | 'not_found' | { alreadyAnswered: SuggestionStatus };

const suggestionColumns = {
  id: suggestions.id,
  serviceId: suggestions.serviceId,
  serviceName: services.name,
  suggestionText: suggestions.suggestionText,
  status: suggestions.status,
  createdAt: suggestions.createdAt,
  updatedAt: suggestions.updatedAt,
};

/** 24 random bytes, URL-safe: the provider's only credential, sent in the email link. */
export function newProviderToken(): string {
  return randomBytes(24).toString('base64url');
}

export function createSuggestionsRepository(db: Db) {
  return {
    /** Stores a suggestion as new; null when the service does not exist. */
    async create(userId: string, input: { serviceId: string; suggestionText: string }, at: Date) {
      const [service] = await db
        .select({ id: services.id, name: services.name, email: services.email })
        .from(services)
        .where(eq(services.id, input.serviceId));
      if (!service) return null;
      const [row] = await db
        .insert(suggestions)
        .values({
          userId,
          serviceId: service.id,
          suggestionText: input.suggestionText,
          status: 'new',
          providerToken: newProviderToken(),
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      if (!row) throw new Error('Storing the suggestion returned no row');
      return {
        suggestion: toSuggestion({ ...row, serviceName: service.name }),
        providerToken: row.providerToken,
        service,
      };
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
  createdAt: Date;
  updatedAt: Date;
}): Suggestion {
  return {
    id: row.id,
    serviceId: row.serviceId,
    serviceName: row.serviceName,
    suggestionText: row.suggestionText,
    status: asStatus(row.status),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The table's check constraint allows only these three. */
function asStatus(value: string): SuggestionStatus {
  return value === 'accepted' || value === 'rejected' ? value : 'new';
}
