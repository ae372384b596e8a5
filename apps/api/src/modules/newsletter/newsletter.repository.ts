import { randomBytes } from 'node:crypto';
import type { Db } from '@locals/db/client';
import { newsletterSubscribers } from '@locals/db/schema';
import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';

/** A repeat sign-up within this window sends no second email (no mail-bombing an inbox). */
export const CONFIRMATION_COOLDOWN_MS = 10 * 60 * 1000;

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function createNewsletterRepository(db: Db) {
  return {
    /**
     * Adds the address, or re-activates it with a fresh token if it had unsubscribed.
     * An address that is already active keeps its row and token.
     */
    async subscribe(email: string, at: Date): Promise<{ unsubscribeToken: string }> {
      const wasUnsubscribed = sql`${newsletterSubscribers.unsubscribedAt} is not null`;
      const [row] = await db
        .insert(newsletterSubscribers)
        .values({ email: normaliseEmail(email), unsubscribeToken: newToken(), subscribedAt: at })
        .onConflictDoUpdate({
          target: newsletterSubscribers.email,
          set: {
            subscribedAt: sql`case when ${wasUnsubscribed} then excluded.subscribed_at else ${newsletterSubscribers.subscribedAt} end`,
            unsubscribeToken: sql`case when ${wasUnsubscribed} then excluded.unsubscribe_token else ${newsletterSubscribers.unsubscribeToken} end`,
            confirmationSentAt: sql`case when ${wasUnsubscribed} then null else ${newsletterSubscribers.confirmationSentAt} end`,
            unsubscribedAt: null,
          },
        })
        .returning({ unsubscribeToken: newsletterSubscribers.unsubscribeToken });
      if (!row) throw new Error('Subscribing returned no row');
      return row;
    },

    /** Records that a confirmation is going out now; false if one went out within the cooldown. */
    async claimConfirmation(email: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(newsletterSubscribers)
        .set({ confirmationSentAt: at })
        .where(
          and(
            eq(newsletterSubscribers.email, normaliseEmail(email)),
            or(
              isNull(newsletterSubscribers.confirmationSentAt),
              lt(
                newsletterSubscribers.confirmationSentAt,
                new Date(at.getTime() - CONFIRMATION_COOLDOWN_MS),
              ),
            ),
          ),
        )
        .returning({ id: newsletterSubscribers.id });
      return rows.length > 0;
    },

    /** Lets the next sign-up try again when the confirmation email could not be sent. */
    async releaseConfirmation(email: string): Promise<void> {
      await db
        .update(newsletterSubscribers)
        .set({ confirmationSentAt: null })
        .where(eq(newsletterSubscribers.email, normaliseEmail(email)));
    },

    /** Each link works once; null when the token is unknown or already used. */
    async unsubscribe(token: string, at: Date): Promise<{ email: string } | null> {
      const [row] = await db
        .update(newsletterSubscribers)
        .set({ unsubscribedAt: at })
        .where(
          and(
            eq(newsletterSubscribers.unsubscribeToken, token),
            isNull(newsletterSubscribers.unsubscribedAt),
          ),
        )
        .returning({ email: newsletterSubscribers.email });
      return row ?? null;
    },

    async findByEmail(email: string) {
      const [row] = await db
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, normaliseEmail(email)));
      return row ?? null;
    },

    async countActive(): Promise<number> {
      const [row] = await db
        .select({ active: count() })
        .from(newsletterSubscribers)
        .where(isNull(newsletterSubscribers.unsubscribedAt));
      return row?.active ?? 0;
    },
  };
}
