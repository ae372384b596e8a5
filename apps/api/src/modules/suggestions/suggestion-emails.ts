import type { Db } from '@locals/db/client';
import { services, suggestions } from '@locals/db/schema';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../lib/mailer';
import { suggestionEmail } from './suggestions.email';

/**
 * How long one try owns a suggestion's email. Longer than any SMTP exchange, so the timer never
 * sends a second copy while a slow first one is still on its way; a server that stopped
 * mid-send has its suggestions tried again after it.
 */
export const EMAIL_LEASE_MS = 15 * 60 * 1000;
/** About three days of tries (see retryDelayMs); after that it is logged as given up. */
export const MAX_EMAIL_ATTEMPTS = 20;
const FIRST_RETRY_MS = 60 * 1000;
const LONGEST_RETRY_MS = 6 * 60 * 60 * 1000;
const BATCH_SIZE = 20;

/** After `attempts` failed tries: 1 minute, doubling each time, at most 6 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(attempts - 1, 0), LONGEST_RETRY_MS);
}

/** One try at one suggestion's email, already claimed (attempts counted, lease taken). */
export type EmailTry = {
  suggestionId: string;
  attempts: number;
  providerToken: string;
  suggestionText: string;
  service: { name: string; email: string | null };
};

type Options = {
  db: Db;
  mailer: Mailer;
  config: { publicUrl: string; adminEmail: string };
  now: () => Date;
  log: FastifyBaseLogger;
};

/**
 * The provider's email for each suggestion, delivered at least once: the request that stores a
 * suggestion makes the first try, and `sendDue` (on a timer and at start-up) retries the rest
 * with backoff. A server stopping between sending and recording could send one twice; never none.
 */
export function createSuggestionEmails({ db, mailer, config, now, log }: Options) {
  async function send(emailTry: EmailTry): Promise<boolean> {
    const { service } = emailTry;
    try {
      await mailer.send(
        suggestionEmail({
          to: service.email ?? config.adminEmail,
          isForAdmin: !service.email,
          serviceName: service.name,
          suggestionText: emailTry.suggestionText,
          respondUrl: `${config.publicUrl}/suggestions/respond?token=${emailTry.providerToken}`,
        }),
      );
    } catch (error) {
      const isGivingUp = emailTry.attempts >= MAX_EMAIL_ATTEMPTS;
      const nextAttemptAt = isGivingUp
        ? null
        : new Date(now().getTime() + retryDelayMs(emailTry.attempts));
      await db
        .update(suggestions)
        .set({ emailNextAttemptAt: nextAttemptAt })
        .where(and(eq(suggestions.id, emailTry.suggestionId), isNull(suggestions.emailSentAt)));
      log.error(
        {
          err: error,
          suggestionId: emailTry.suggestionId,
          attempts: emailTry.attempts,
          nextAttemptAt,
        },
        isGivingUp ? 'gave up sending a suggestion email' : 'could not send suggestion email',
      );
      return false;
    }
    await db
      .update(suggestions)
      .set({ emailSentAt: now(), emailNextAttemptAt: null })
      .where(eq(suggestions.id, emailTry.suggestionId));
    return true;
  }

  /** Claims due emails a batch at a time; SKIP LOCKED lets several servers share the work. */
  async function claimDue(at: Date): Promise<EmailTry[]> {
    const due = db
      .select({ id: suggestions.id })
      .from(suggestions)
      .where(and(isNull(suggestions.emailSentAt), lte(suggestions.emailNextAttemptAt, at)))
      .orderBy(asc(suggestions.emailNextAttemptAt))
      .limit(BATCH_SIZE)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(suggestions)
      .set({
        emailAttempts: sql`${suggestions.emailAttempts} + 1`,
        emailNextAttemptAt: new Date(at.getTime() + EMAIL_LEASE_MS),
      })
      .where(inArray(suggestions.id, due))
      .returning({
        suggestionId: suggestions.id,
        attempts: suggestions.emailAttempts,
        providerToken: suggestions.providerToken,
        suggestionText: suggestions.suggestionText,
        serviceId: suggestions.serviceId,
      });
    if (claimed.length === 0) return [];
    const found = await db
      .select({ id: services.id, name: services.name, email: services.email })
      .from(services)
      .where(
        inArray(
          services.id,
          claimed.map((row) => row.serviceId),
        ),
      );
    const byId = new Map(found.map((service) => [service.id, service]));
    // A suggestion's service cannot be missing: removing a service removes its suggestions.
    return claimed.flatMap(({ serviceId, ...row }) => {
      const service = byId.get(serviceId);
      return service ? [{ ...row, service }] : [];
    });
  }

  return {
    send,

    /** Sends every email that is due now, one batch after another; how many went out. */
    async sendDue(): Promise<number> {
      let sent = 0;
      for (;;) {
        const batch = await claimDue(now());
        for (const emailTry of batch) {
          if (await send(emailTry)) sent += 1;
        }
        if (batch.length < BATCH_SIZE) return sent;
      }
    },
  };
}
