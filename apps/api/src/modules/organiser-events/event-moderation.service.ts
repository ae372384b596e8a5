import { OVERDUE_AFTER_BUSINESS_DAYS } from '@locals/contracts/moderation';
import type { PendingEventsResponseSchema } from '@locals/contracts/organiser-events';
import type { Db } from '@locals/db/client';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { businessDaysBetween } from '../../capabilities/london-time';
import type { MailMessage } from '../../lib/mailer';
import type { IdempotentWrite, WriteAnswer } from '../idempotency';
import { actorOf, moderatorWrite, recordAudit, refusedAnswer, type Asker } from '../moderation';
import { publishedEmail, refusedEmail } from './event-moderation.email';
import {
  createSubmittedEventsRepository,
  toSubmittedEvent,
  type SubmittedEventRow,
} from './submitted-events.repository';

const NO_SUCH_EVENT = 'There is no event organisers sent with that reference.';

type PendingEvents = z.output<typeof PendingEventsResponseSchema>;
type SubmittedEvents = ReturnType<typeof createSubmittedEventsRepository>;
type Refused = ReturnType<typeof refusedAnswer>;

/** What a decision did: the event as stored now, its email, and what the moderator is told. */
type Decided = {
  event: SubmittedEventRow;
  mail: (to: string) => MailMessage;
  message: string;
};

const LONG_DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});

/** "This event was already published on 3 December 2026." */
function alreadyDecidedMessage(event: SubmittedEventRow): string {
  const when = event.decidedAt ? ` on ${LONG_DATE.format(event.decidedAt)}` : '';
  return `This event was already ${event.status ?? 'decided'}${when}.`;
}

/**
 * Moderators' queue of events organisers sent, and their decisions (decision 038), as for
 * applications (decisions 023 and 024): each decision is one transaction, safe to retry,
 * audited, and its email is queued with it.
 */
export function createEventModeration(app: FastifyInstance) {
  const { db } = app.database;
  const { publicUrl } = app.config;

  /**
   * One decision on a waiting event: the event is locked, one that is not a submitted event is
   * a 404 and one already decided a 409; `decide` does the rest in the same transaction, and
   * the email to whoever sent it is queued in it.
   */
  function decideEvent(
    asker: Asker,
    { id, operation, body }: { id: string; operation: string; body?: unknown },
    decide: (
      events: SubmittedEvents,
      tx: Db,
      event: SubmittedEventRow,
      now: Date,
    ) => Promise<Decided | Refused>,
  ): Promise<IdempotentWrite<WriteAnswer>> {
    return moderatorWrite(
      app,
      asker,
      { operation, request: { id, body } },
      async (tx, { now, queueMail }) => {
        const events = createSubmittedEventsRepository(tx);
        const event = await events.findById(id, { forUpdate: true });
        if (!event?.submission) return refusedAnswer(404, NO_SUCH_EVENT);
        if (event.status !== 'pending') return refusedAnswer(409, alreadyDecidedMessage(event));
        const decided = await decide(events, tx, event, now);
        if ('status' in decided) return decided;
        // Told of the decision: the account that sent it, since only it can change the event
        // in My events; once that account is gone, the organiser's address in the event.
        const to = (await events.submitterEmail(event)) ?? event.submission.organizerEmail;
        await queueMail(decided.mail(to));
        const dates = await events.datesOf([id], now);
        return {
          status: 200,
          body: {
            data: toSubmittedEvent(decided.event, dates.get(id) ?? []),
            message: decided.message,
          },
        };
      },
    );
  }

  return {
    /** Events waiting for a moderator, oldest first, each with its age in business days. */
    async pending(): Promise<PendingEvents> {
      const now = app.now();
      const rows = await createSubmittedEventsRepository(db).listPending();
      const data = rows.map(({ event, submittedBy }) => {
        const ageBusinessDays = businessDaysBetween(event.createdAt, now);
        return {
          // A waiting event has no sessions: they are written when it is published.
          ...toSubmittedEvent(event, []),
          submittedBy,
          ageBusinessDays,
          overdue: ageBusinessDays > OVERDUE_AFTER_BUSINESS_DAYS,
        };
      });
      return { data, totalCount: data.length };
    },

    /** Publishes the event: its dates from now on go on /events, and its organiser is told. */
    publish(asker: Asker, id: string) {
      return decideEvent(
        asker,
        { id, operation: 'publish-event' },
        async (events, tx, event, now) => {
          if (event.cancelled) {
            return refusedAnswer(
              409,
              'Its organiser has cancelled this event, so there is nothing to publish. Refuse it to take it off the queue.',
            );
          }
          const published = await events.update(id, {
            status: 'published',
            decidedAt: now,
            firstPublishedAt: event.firstPublishedAt ?? now,
            refusalReason: null,
            updatedAt: now,
          });
          await events.writeSessions(published, now);
          await recordAudit(tx, {
            ...actorOf(asker.moderator),
            action: 'publish-event',
            entityType: 'event',
            entityId: id,
            before: { status: 'pending' },
            after: { status: 'published' },
          });
          const title = published.title;
          return {
            event: published,
            mail: (to) => publishedEmail({ to, title, eventId: id, publicUrl }),
            message: `Published. ${title} is now on the events page, and its organiser is emailed.`,
          };
        },
      );
    },

    /** Refuses the event, emailing its organiser the moderator's reason; it never reaches /events. */
    refuse(asker: Asker, id: string, body: { reason: string }) {
      const { reason } = body;
      const write = { id, operation: 'refuse-event', body };
      return decideEvent(asker, write, async (events, tx, _event, now) => {
        const refused = await events.update(id, {
          status: 'refused',
          decidedAt: now,
          refusalReason: reason,
          updatedAt: now,
        });
        await recordAudit(tx, {
          ...actorOf(asker.moderator),
          action: 'refuse-event',
          entityType: 'event',
          entityId: id,
          before: { status: 'pending' },
          after: { status: 'refused', reason },
        });
        const title = refused.title;
        return {
          event: refused,
          mail: (to) => refusedEmail({ to, title, eventId: id, publicUrl, reason }),
          message: `Refused. ${title} is not published, and its organiser is emailed your reason.`,
        };
      });
    },
  };
}
