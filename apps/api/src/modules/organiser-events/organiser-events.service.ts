import { isDeepStrictEqual } from 'node:util';
import type {
  EventSubmission,
  SubmittedEvent,
  SubmittedEventStatus,
} from '@locals/contracts/organiser-events';
import { MAX_DAYS_AHEAD, daysBetween, repeatDays } from '@locals/contracts/organiser-events';
import { MY_EVENTS_PATH } from '@locals/contracts/page-forms';
import { isFullPostcode } from '@locals/contracts/postcode';
import type { Db } from '@locals/db/client';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { londonDay, londonMidnight, nextDay } from '../../capabilities/london-time';
import { refusal, type Refusal } from '../../capabilities/refusals';
import { IDEMPOTENCY_KEY_REUSED } from '../idempotency';
import { placeFromGeocoder } from '../listings';
import { enqueueMail, sendAllAfterCommit } from '../outgoing-mail';
import {
  moderationNeededEmail,
  publishedAtOnceEmail,
  receivedEmail,
} from './organiser-events.email';
import {
  createSubmittedEventsRepository,
  eventColumnsOf,
  toSubmittedEvent,
  type Place,
  type SubmittedEventRow,
} from './submitted-events.repository';

/** Decision 038's abuse limits, as for applications: per person and per address, a day. */
export const SUBMISSIONS_PER_PERSON_PER_DAY = 10;
export const SUBMISSIONS_PER_ADDRESS_PER_DAY = 20;

/** The signed-in person an organiser's route serves. */
export type Organiser = { id: string; email: string };

/** What the organiser is told about one of their events. */
export type EventAnswer = { data: SubmittedEvent; message: string };

/** An answer for the route (or the page form) to send: done, or refused with what to do. */
export type Answer<T> =
  | { ok: true; status: 200 | 201; body: T; replayed?: boolean }
  | {
      ok: false;
      status: 400 | 404 | 409 | 422 | 429;
      body: Refusal;
      headers?: Record<string, string>;
    };
type Refused = Extract<Answer<unknown>, { ok: false }>;

const done = <T>(body: T, status: 200 | 201 = 200): Answer<T> => ({ ok: true, status, body });
const refused = (
  status: Refused['status'],
  body: Refusal,
  headers?: Record<string, string>,
): Refused => ({ ok: false, status, body, ...(headers ? { headers } : {}) });

const NOT_FOUND = refusal(
  'not_found',
  'We could not find that event among the events you added. It may have been deleted.',
);
const SERIES_CANCELLED = refusal(
  'conflict',
  'This event is cancelled, so it cannot be changed. Add it again as a new event if it is back on.',
);
const PUBLISHED_NOT_DELETABLE = refusal(
  'conflict',
  'This event has been published: cancel it instead, so people who saved it are told.',
);
const TOO_MANY_TODAY = refusal(
  'rate_limited',
  `You have added ${SUBMISSIONS_PER_PERSON_PER_DAY} events today. Try again tomorrow.`,
);
const TOO_MANY_FROM_ADDRESS = refusal(
  'rate_limited',
  'Too many events have been sent from your connection today. Try again tomorrow.',
);
export const FULL_POSTCODE = "Enter the event's full postcode, like BS1 4DJ";

const WEEKDAY = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' });
const DAY_MONTH_YEAR = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Tuesday 8 December 2026", from yyyy-MM-dd. */
export function longDay(day: string): string {
  const at = new Date(`${day}T00:00:00Z`);
  return `${WEEKDAY.format(at)} ${DAY_MONTH_YEAR.format(at)}`;
}

/** A 400 naming the field at fault, as a contract's validation would. */
function fieldRefusal(field: string, message: string): Refused {
  return refused(400, {
    ...refusal('validation_error', message),
    fieldErrors: { [field]: [message] },
  });
}

/**
 * Letters and digits of an address, lower-case, each word once spaced and the postcode left out,
 * so "1 Corn St., Bristol BS1 4DJ" and "1 corn st bristol" read alike.
 */
function addressWords(address: string, postcode: string): string {
  const words = ` ${address.toLowerCase().replace(/[^a-z0-9]+/g, ' ')} `;
  const unit = postcode.toLowerCase();
  return words.replace(` ${unit} `, ' ').replace(` ${unit.replace(' ', '')} `, ' ');
}

/**
 * Whether an event's address is a listing's, loosely: the first line of one (its building, or
 * number and street: two words at least) is in the other, whatever the case and punctuation.
 */
export function isAtAddress(eventAddress: string, listingAddress: string, postcode: string) {
  const firstLine = (address: string) => addressWords(address.split(/[,\n]/)[0] ?? '', postcode);
  const within = (line: string, whole: string) =>
    line.trim().split(' ').length >= 2 && addressWords(whole, postcode).includes(line);
  return (
    within(firstLine(listingAddress), eventAddress) ||
    within(firstLine(eventAddress), listingAddress)
  );
}

/** A submission as stored in jsonb reads back without its undefined fields. */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

function statusMessage(row: SubmittedEventRow): string {
  if (row.cancelled) return `${row.title} is cancelled.`;
  if (row.status === 'published') return `${row.title} is on Locals.`;
  if (row.status === 'refused') return `${row.title} was not published.`;
  return `${row.title} is waiting for a moderator to check it.`;
}

/**
 * Organisers' own events (decision 038): submitting one, My events, changing, cancelling and
 * deleting. Each write is one transaction; the mail it sends is queued in it and sent after
 * the commit (decision 037). Another person's event is never found: 404, as for none at all.
 */
export function createOrganiserEvents(app: FastifyInstance) {
  const { db } = app.database;
  const { publicUrl, adminEmail } = app.config;
  // One counter for the JSON route and the page form: the key is the address alone.
  const perAddress = app.createRateLimit({
    max: SUBMISSIONS_PER_ADDRESS_PER_DAY,
    timeWindow: '1 day',
    keyGenerator: (request) => `organiser-event-submissions:${request.ip}`,
  });

  const placeIn = (tx: Db, postcode: string): Promise<Place | null> =>
    placeFromGeocoder(app.geocoder.within(tx))(postcode);

  async function answerOf(
    events: ReturnType<typeof createSubmittedEventsRepository>,
    row: SubmittedEventRow,
    message: string,
    now: Date,
  ): Promise<EventAnswer> {
    const dates = await events.datesOf([row.id], now);
    return { data: toSubmittedEvent(row, dates.get(row.id) ?? []), message };
  }

  /** The person's own submitted event, or null (another person's is as good as none). */
  async function ownEvent(
    events: ReturnType<typeof createSubmittedEventsRepository>,
    person: Organiser,
    id: string,
  ): Promise<SubmittedEventRow | null> {
    const row = await events.findById(id, { forUpdate: true });
    return row?.submission && row.submittedBy === person.id ? row : null;
  }

  /** A postcode Locals cannot place on its own point, as a listing's is refused (decision 024). */
  function postcodeNotFound(postcode: string): Refused {
    return refused(
      404,
      refusal(
        'postcode_not_found',
        `We couldn't find ${postcode}, so the event could not be put on the map. Check the postcode and try again.`,
      ),
    );
  }

  /**
   * Dates the schema cannot judge, as they depend on today: a new event starts today or later,
   * a changed one has a date still to come, and neither starts more than two years ahead.
   */
  function datesProblem(submission: EventSubmission, now: Date, isNew: boolean): Refused | null {
    const today = londonDay(now);
    if (isNew && submission.date < today) {
      return fieldRefusal('date', 'The date must be today or in the future');
    }
    const last = repeatDays(submission.date, submission.repeat).at(-1) ?? submission.date;
    if (last < today) {
      return submission.repeat.frequency === 'none'
        ? fieldRefusal('date', 'The date must be today or in the future')
        : fieldRefusal('repeat.until', 'The event must have a date still to come');
    }
    if (daysBetween(today, submission.date) > MAX_DAYS_AHEAD) {
      return fieldRefusal(
        'date',
        'Events can be added up to two years ahead: choose an earlier date',
      );
    }
    return null;
  }

  /** The same event already listed or waiting, refused with where it is. */
  async function duplicateOf(
    events: ReturnType<typeof createSubmittedEventsRepository>,
    person: Organiser,
    submission: EventSubmission,
    excludeId?: string,
  ): Promise<Refused | null> {
    const found = await events.findDuplicate({
      title: submission.title,
      venue: submission.venue,
      day: submission.date,
      ...(excludeId === undefined ? {} : { excludeId }),
    });
    if (!found) return null;
    const what = `${found.title} at ${found.venue} on ${longDay(submission.date)}`;
    if (found.status !== 'pending') {
      const link = `/events?${new URLSearchParams({ eventId: found.id }).toString()}`;
      return refused(409, refusal('conflict', `${what} is already listed: ${link}.`));
    }
    return refused(
      409,
      refusal(
        'conflict',
        found.submittedBy === person.id
          ? `You have already sent ${what}, and it is waiting for a moderator. You can change it in My events: ${publicUrl}${MY_EVENTS_PATH}`
          : `${what} has already been sent to Locals and is waiting for a moderator, so there is no need to add it again.`,
      ),
    );
  }

  /** The verified listing this person provides that the event is held at, if any. */
  async function heldAtListing(
    events: ReturnType<typeof createSubmittedEventsRepository>,
    person: Organiser,
    submission: EventSubmission,
  ) {
    const listings = await events.verifiedListingsProvidedBy(person.id, submission.postcode);
    return (
      listings.find(
        (listing) =>
          listing.address !== null &&
          isAtAddress(submission.address, listing.address, submission.postcode),
      ) ?? null
    );
  }

  function moderationNeeded(row: SubmittedEventRow, person: Organiser, isChange: boolean) {
    if (!row.submission) throw new Error(`Event ${row.id} has no submission`);
    return moderationNeededEmail({
      to: adminEmail,
      eventId: row.id,
      submission: row.submission,
      submittedBy: person.email,
      publicUrl,
      isChange,
    });
  }

  /** What a new event's answer says, and a retry's. */
  const submittedMessage = (row: SubmittedEventRow) =>
    row.status === 'published'
      ? `${row.title} is published: it is on the events page now, held at your verified listing.`
      : `Thanks, we've received ${row.title}. We'll check it within 2-3 working days and email you when it is on Locals.`;

  /** A retry with the same Idempotency-Key: the first answer, or 422 for another event. */
  async function replay(
    events: ReturnType<typeof createSubmittedEventsRepository>,
    first: SubmittedEventRow,
    submission: EventSubmission,
    now: Date,
  ): Promise<Answer<EventAnswer>> {
    if (!isDeepStrictEqual(plain(first.submission), plain(submission))) {
      return refused(422, IDEMPOTENCY_KEY_REUSED);
    }
    const body = await answerOf(events, first, submittedMessage(first), now);
    return { ok: true, status: 201, body, replayed: true };
  }

  return {
    /** Decision 038's limit per address, counted for each submission that reaches it. */
    async tooManyFromAddress(request: FastifyRequest): Promise<Refused | null> {
      const limit = await perAddress(request);
      if (limit.isAllowed || !limit.isExceeded) return null;
      return refused(429, TOO_MANY_FROM_ADDRESS, { 'retry-after': String(limit.ttlInSeconds) });
    },

    /**
     * A new event: published at once when held at a verified listing its sender provides,
     * otherwise waiting for a moderator, who is told. A retry with the same Idempotency-Key
     * answers the first and sends nothing.
     */
    async submit(
      person: Organiser,
      submission: EventSubmission,
      key: string | undefined,
      log: FastifyBaseLogger,
    ): Promise<Answer<EventAnswer>> {
      const now = app.now();
      if (!isFullPostcode(submission.postcode)) return fieldRefusal('postcode', FULL_POSTCODE);
      const queued: number[] = [];
      const answer = await db.transaction(async (tx): Promise<Answer<EventAnswer>> => {
        const events = createSubmittedEventsRepository(tx);
        const first = key === undefined ? null : await events.findByKey(person.id, key);
        if (first) return replay(events, first, submission, now);
        const problem = datesProblem(submission, now, true);
        if (problem) return problem;
        const tomorrow = londonMidnight(nextDay(londonDay(now)));
        const today = await events.countSubmittedSince(person.id, londonMidnight(londonDay(now)));
        if (today >= SUBMISSIONS_PER_PERSON_PER_DAY) {
          const wait = Math.ceil((tomorrow.getTime() - now.getTime()) / 1000);
          return refused(429, TOO_MANY_TODAY, { 'retry-after': String(wait) });
        }
        const place = await placeIn(tx, submission.postcode);
        if (!place) return postcodeNotFound(submission.postcode);
        const duplicate = await duplicateOf(events, person, submission);
        if (duplicate) return duplicate;
        const listing = await heldAtListing(events, person, submission);
        const status: SubmittedEventStatus = listing ? 'published' : 'pending';
        const row = await events.insert({
          submission,
          place,
          submittedBy: person.id,
          status,
          serviceId: listing?.id ?? null,
          idempotencyKey: key,
          now,
        });
        if (!row) {
          // A retry with the same key committed while this one ran: answer as it did.
          const stored = key === undefined ? null : await events.findByKey(person.id, key);
          if (!stored) throw new Error('A submitted event was neither stored nor found by its key');
          return replay(events, stored, submission, now);
        }
        const about = { to: person.email, title: row.title, eventId: row.id, publicUrl };
        if (listing) {
          await events.writeSessions(row, now);
          queued.push(await enqueueMail(tx, publishedAtOnceEmail(about), now));
        } else {
          queued.push(await enqueueMail(tx, receivedEmail(about), now));
          queued.push(await enqueueMail(tx, moderationNeeded(row, person, false), now));
        }
        return done(await answerOf(events, row, submittedMessage(row), now), 201);
      });
      await sendAllAfterCommit({ db, mailer: app.mailer, now: app.now(), log }, queued);
      return answer;
    },

    /** What the person submitted, newest first, with where each stands. */
    async list(person: Organiser): Promise<SubmittedEvent[]> {
      const events = createSubmittedEventsRepository(db);
      const rows = await events.listOwn(person.id);
      const dates = await events.datesOf(
        rows.map((row) => row.id),
        app.now(),
      );
      return rows.map((row) => toSubmittedEvent(row, dates.get(row.id) ?? []));
    },

    async get(person: Organiser, id: string): Promise<Answer<EventAnswer>> {
      const events = createSubmittedEventsRepository(db);
      const row = await events.findById(id);
      if (!row?.submission || row.submittedBy !== person.id) return refused(404, NOT_FOUND);
      return done(await answerOf(events, row, statusMessage(row), app.now()));
    },

    /**
     * A change: live at once for the provider of the verified listing a published event is
     * held at; a published event's change otherwise takes it off /events until a moderator
     * checks it again, and a refused one goes back to them. A cancelled series stays as it is.
     */
    async edit(
      person: Organiser,
      id: string,
      submission: EventSubmission,
      log: FastifyBaseLogger,
    ): Promise<Answer<EventAnswer>> {
      const now = app.now();
      if (!isFullPostcode(submission.postcode)) return fieldRefusal('postcode', FULL_POSTCODE);
      const queued: number[] = [];
      const answer = await db.transaction(async (tx): Promise<Answer<EventAnswer>> => {
        const events = createSubmittedEventsRepository(tx);
        const row = await ownEvent(events, person, id);
        if (!row) return refused(404, NOT_FOUND);
        if (row.cancelled) return refused(409, SERIES_CANCELLED);
        const problem = datesProblem(submission, now, false);
        if (problem) return problem;
        const place =
          submission.postcode === row.postcode
            ? { latitude: row.latitude, longitude: row.longitude }
            : await placeIn(tx, submission.postcode);
        if (!place) return postcodeNotFound(submission.postcode);
        const duplicate = await duplicateOf(events, person, submission, id);
        if (duplicate) return duplicate;
        const columns = { ...eventColumnsOf(submission, place), updatedAt: now };
        const title = submission.title;

        if (row.status === 'published') {
          const listing = await heldAtListing(events, person, submission);
          if (listing) {
            const live = await events.update(id, { ...columns, serviceId: listing.id });
            await events.writeSessions(live, now);
            return done(await answerOf(events, live, `Your changes to ${title} are live.`, now));
          }
        }
        const waiting = await events.update(id, {
          ...columns,
          status: 'pending',
          decidedAt: null,
          refusalReason: null,
          serviceId: null,
        });
        // Off /events until a moderator checks it again; its past dates stay as its history.
        if (row.status === 'published') await events.removeSessions(id, now);
        if (row.status !== 'pending') {
          queued.push(await enqueueMail(tx, moderationNeeded(waiting, person, true), now));
        }
        const message =
          row.status === 'pending'
            ? `Your changes to ${title} are saved. It is still waiting for a moderator to check it.`
            : `Thanks, your changes to ${title} will be checked by a moderator within 2-3 working days. Until then it is not on the events page.`;
        return done(await answerOf(events, waiting, message, now));
      });
      await sendAllAfterCommit({ db, mailer: app.mailer, now: app.now(), log }, queued);
      return answer;
    },

    /** Calls off one date still to come of a published event; again, it changes nothing. */
    async cancelDate(person: Organiser, id: string, day: string): Promise<Answer<EventAnswer>> {
      const now = app.now();
      return db.transaction(async (tx): Promise<Answer<EventAnswer>> => {
        const events = createSubmittedEventsRepository(tx);
        const row = await ownEvent(events, person, id);
        if (!row) return refused(404, NOT_FOUND);
        if (row.status !== 'published') {
          return refused(
            404,
            refusal(
              'not_found',
              'This event is not on Locals yet, so it has no dates to cancel. Change its dates instead.',
            ),
          );
        }
        if (row.cancelled) {
          return refused(
            409,
            refusal(
              'conflict',
              'The whole event is already cancelled, so each of its dates is too.',
            ),
          );
        }
        const dates = (await events.datesOf([id], now)).get(id) ?? [];
        const date = dates.find((each) => each.date === day && !each.passed);
        if (!date) {
          return refused(
            404,
            refusal(
              'not_found',
              `${longDay(day)} is not one of this event's dates still to come, so there is nothing to cancel.`,
            ),
          );
        }
        if (date.cancelled) {
          return done(await answerOf(events, row, `${longDay(day)} was already cancelled.`, now));
        }
        await events.cancelDay(id, day);
        const changed = await events.update(id, { updatedAt: now });
        const message = `${row.title} on ${longDay(day)} is cancelled. It shows as cancelled on the events page and in calendars.`;
        return done(await answerOf(events, changed, message, now));
      });
    },

    /** Calls off the whole event: each date shows as cancelled. Again, it changes nothing. */
    async cancelSeries(person: Organiser, id: string): Promise<Answer<EventAnswer>> {
      const now = app.now();
      return db.transaction(async (tx): Promise<Answer<EventAnswer>> => {
        const events = createSubmittedEventsRepository(tx);
        const row = await ownEvent(events, person, id);
        if (!row) return refused(404, NOT_FOUND);
        if (row.cancelled) {
          return done(await answerOf(events, row, `${row.title} was already cancelled.`, now));
        }
        await events.cancelSeries(id, now);
        const cancelled = await events.update(id, { updatedAt: now });
        const message =
          row.status === 'published'
            ? `${row.title} is cancelled. Its dates show as cancelled on the events page and in calendars, so people who saved it are told.`
            : `${row.title} is cancelled, so it will not be published.`;
        return done(await answerOf(events, cancelled, message, now));
      });
    },

    /** Deletes an event never published; a published one is cancelled instead (409 says so). */
    async remove(person: Organiser, id: string): Promise<Answer<{ success: true }>> {
      return db.transaction(async (tx): Promise<Answer<{ success: true }>> => {
        const events = createSubmittedEventsRepository(tx);
        const row = await ownEvent(events, person, id);
        if (!row) return refused(404, NOT_FOUND);
        // Once on /events, even while a change waits for a moderator, it is cancelled instead.
        if (row.status === 'published' || row.firstPublishedAt) {
          return refused(409, PUBLISHED_NOT_DELETABLE);
        }
        await events.remove(id);
        return done({ success: true as const });
      });
    },
  };
}
