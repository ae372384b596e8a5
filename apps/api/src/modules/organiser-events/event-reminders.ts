import type { Db } from '@locals/db/client';
import type { FastifyBaseLogger, FastifyPluginCallback } from 'fastify';
import { londonDay, londonMidnight, nextDay } from '../../capabilities/london-time';
import type { Mailer, MailMessage } from '../../lib/mailer';
import { monthsBefore } from '../listings';
import { enqueueMail, sendAllAfterCommit } from '../outgoing-mail';
import { endingReminderEmail, freshnessReminderEmail } from './event-reminders.email';
import { createEventRemindersRepository } from './event-reminders.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A series' organiser is reminded this long before its last date. */
const ENDING_REMINDER_DAYS = 7;
/** An event unchanged this long has its organiser asked whether it still runs; again as long after. */
const FRESHNESS_REMINDER_MONTHS = 3;
/** Looked for every hour, as listings' freshness emails are (decision 024). */
const EVERY_MS = 60 * 60 * 1000;
/** Long enough for start-up to finish; short enough that a restart never skips a day's emails. */
const FIRST_RUN_MS = 60 * 1000;

type EventReminders = {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  now: Date;
  log: FastifyBaseLogger;
  /** At most this many emails of each kind a run; the rest go in the next run. */
  limit?: number;
};

/** The instant before which a change is `FRESHNESS_REMINDER_MONTHS` old, counted in London days. */
function freshnessCutoff(now: Date): Date {
  return londonMidnight(nextDay(monthsBefore(londonDay(now), FRESHNESS_REMINDER_MONTHS)));
}

/**
 * Reminds organisers, never the public, of their published events (decision 038, as listings'
 * freshness in decision 024): a week before a series' last date, to add dates if it carries on;
 * and after 3 months without a change, whether it still runs. Each event is marked and its email
 * queued in one transaction, so it is sent once (the mark is conditional, so of two runs only one
 * takes it); the emails go right after, and one the mail server refuses stays queued for the
 * outgoing-mail timer. An edit moves `updated_at`, so a series given new dates is reminded
 * again before its new end. Answers how many reminders of each kind were queued.
 */
export async function sendEventReminders({
  db,
  mailer,
  publicUrl,
  now,
  log,
  limit = 100,
}: EventReminders): Promise<{ ending: number; freshness: number }> {
  const reminders = createEventRemindersRepository(db);
  const queued: number[] = [];
  /** Marks one event and queues its email together; false when another run marked it first. */
  const remind = async (mark: (tx: Db) => Promise<boolean>, mail: MailMessage) => {
    const id = await db.transaction(async (tx) =>
      (await mark(tx)) ? enqueueMail(tx, mail, now) : null,
    );
    if (id !== null) queued.push(id);
    return id !== null;
  };

  let ending = 0;
  const until = new Date(now.getTime() + ENDING_REMINDER_DAYS * DAY_MS);
  for (const event of await reminders.dueToEnd({ now, until, limit })) {
    if (!event.lastSessionAt) continue;
    const mail = endingReminderEmail({
      to: event.to,
      title: event.title,
      eventId: event.id,
      publicUrl,
      lastSessionAt: event.lastSessionAt,
    });
    const mark = (tx: Db) => createEventRemindersRepository(tx).markRemindedOfEnd(event.id, now);
    if (await remind(mark, mail)) ending += 1;
  }

  let freshness = 0;
  const cutoff = freshnessCutoff(now);
  for (const event of await reminders.dueToConfirm({ now, cutoff, limit })) {
    const mail = freshnessReminderEmail({
      to: event.to,
      title: event.title,
      eventId: event.id,
      publicUrl,
      lastChanged: event.updatedAt,
    });
    const mark = (tx: Db) =>
      createEventRemindersRepository(tx).markAsked(event.id, { now, cutoff });
    if (await remind(mark, mail)) freshness += 1;
  }

  await sendAllAfterCommit({ db, mailer, now, log }, queued);
  return { ending, freshness };
}

/**
 * Runs the organisers' reminders every hour on the app's scheduler, which logs a run that fails.
 * Not under test: tests call sendEventReminders with their own clock.
 */
export const eventReminders: FastifyPluginCallback = (app, _options, done) => {
  if (app.config.nodeEnv !== 'test') {
    app.scheduler.every({
      name: 'event-reminders',
      everyMs: EVERY_MS,
      firstAfterMs: FIRST_RUN_MS,
      run: () =>
        sendEventReminders({
          db: app.database.db,
          mailer: app.mailer,
          publicUrl: app.config.publicUrl,
          now: app.now(),
          log: app.log,
        }),
    });
  }
  done();
};
