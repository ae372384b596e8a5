import { randomUUID } from 'node:crypto';
import { getEvent, searchEvents } from '@locals/contracts/routes/events';
import {
  cancelMyEvent,
  cancelMyEventDate,
  deleteMyEvent,
  editMyEvent,
  listPendingEvents,
  publishEvent,
  refuseEvent,
} from '@locals/contracts/routes/organiser-events';
import { auditLog, outgoingMail } from '@locals/db/schema';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../lib/mailer';
import { checkReply } from '../../testing/contract-reply';
import { insertBristolGeography } from '../../testing/directory-fixtures';
import { aSession, anEvent, idOfTestEvent, insertEvents } from '../../testing/event-fixtures';
import { aVisitor, signedInUser, type SignedInUser } from '../../testing/signed-in';
import {
  aSubmission,
  insertSubmittedEvent,
  setSubmittedEvent,
} from '../../testing/submitted-event-fixtures';
import { useTestApp } from '../../testing/test-app';
import { createRolesRepository } from '../auth/roles.repository';

// Thursday 3 December 2026, 10:00 in London.
const NOW = new Date('2026-12-03T10:00:00Z');
// Five Tuesdays: 8, 15, 22 and 29 December 2026 and 5 January 2027, 10:00 to 12:00.
const WEEKLY = aSubmission({
  title: 'Corn Street Coffee Morning',
  date: '2026-12-08',
  repeat: { frequency: 'weekly', until: '2027-01-05' },
});
const TUESDAYS = ['2026-12-08', '2026-12-15', '2026-12-22', '2026-12-29', '2027-01-05'];

describe("moderating organisers' events", () => {
  const testApp = useTestApp({ now: () => NOW, sleep: async () => {} });
  let moderator: SignedInUser;
  let organiser: SignedInUser;

  beforeAll(async () => {
    await insertBristolGeography(testApp.database);
    moderator = await signedInUser(testApp.app);
    organiser = await signedInUser(testApp.app);
    await createRolesRepository(testApp.database.db).grant(moderator.id, 'moderator');
  });

  const submitted = (
    options: { submission?: typeof WEEKLY; at?: Date; status?: 'pending' | 'published' } = {},
  ) =>
    insertSubmittedEvent(testApp.database, {
      submittedBy: organiser.id,
      submission: options.submission ?? WEEKLY,
      status: options.status ?? 'pending',
      now: options.at ?? new Date('2026-12-01T09:00:00Z'),
    });
  const publish = (id: string, key: string = randomUUID()) =>
    moderator.call(publishEvent, { params: { id } }, { 'idempotency-key': key });
  const refuse = (id: string, reason: string, key: string = randomUUID()) =>
    moderator.call(refuseEvent, { params: { id }, body: { reason } }, { 'idempotency-key': key });
  const queue = async () =>
    checkReply(listPendingEvents, await moderator.call(listPendingEvents, {}), 200);
  /** The emails about one event, by its title. */
  const mailAbout = async (title: string) =>
    (await readOutbox(testApp.outboxDir)).filter((message) => message.subject.includes(title));
  const auditOf = (entityId: string) =>
    testApp.database.db.select().from(auditLog).where(eq(auditLog.entityId, entityId));
  const searchNearBs14dj = async () =>
    checkReply(
      searchEvents,
      await aVisitor(testApp.app).call(searchEvents, { query: { location: 'BS1 4DJ' } }),
      200,
    );

  describe('GET /api/moderation/events', () => {
    it('lists waiting events only, oldest first, with who sent them and how long they waited', async () => {
      // Thursday 26 November: 5 business days by Thursday 3 December; Wednesday 2: 1.
      const older = await submitted({
        submission: aSubmission({ title: 'Older Walk' }),
        at: new Date('2026-11-26T09:00:00Z'),
      });
      const newer = await submitted({
        submission: aSubmission({ title: 'Newer Walk' }),
        at: new Date('2026-12-02T09:00:00Z'),
      });
      const published = await submitted({
        submission: aSubmission({ title: 'Published Walk' }),
        status: 'published',
      });
      const refused = await submitted({ submission: aSubmission({ title: 'Refused Walk' }) });
      await setSubmittedEvent(testApp.database, refused.id, { status: 'refused' });

      const response = await moderator.call(listPendingEvents, {});

      const body = await checkReply(listPendingEvents, response, 200);
      expect(response.headers['cache-control']).toBe('no-store');
      const ids = body.data.map((event) => event.id);
      expect(ids).not.toContain(published.id);
      expect(ids).not.toContain(refused.id);
      expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id));
      expect(body.totalCount).toBe(body.data.length);
      expect(body.data.find((event) => event.id === older.id)).toEqual({
        id: older.id,
        status: 'pending',
        refusalReason: null,
        cancelled: false,
        submission: aSubmission({ title: 'Older Walk' }),
        recurrence: null,
        dates: [],
        submittedAt: '2026-11-26T09:00:00.000Z',
        updatedAt: '2026-11-26T09:00:00.000Z',
        decidedAt: null,
        submittedBy: organiser.email,
        ageBusinessDays: 5,
        overdue: true,
      });
      expect(body.data.find((event) => event.id === newer.id)).toMatchObject({
        ageBusinessDays: 1,
        overdue: false,
      });
    });

    it.each([
      ['a visitor', 401, 'unauthenticated'],
      ['a signed-in resident', 403, 'forbidden'],
    ] as const)('answers %s with %i', async (who, status, code) => {
      const client = who === 'a visitor' ? aVisitor(testApp.app) : organiser;
      const response = await client.call(listPendingEvents, {});
      expect(await checkReply(listPendingEvents, response, status)).toMatchObject({ code });
    });
  });

  describe('a change that goes back to a moderator', () => {
    it('keeps the dates its organiser cancelled, and the event is cancelled, never deleted', async () => {
      const submission = { ...WEEKLY, title: 'Round Again Coffee Morning' };
      const event = await submitted({ submission });
      await checkReply(publishEvent, await publish(event.id), 200);
      await checkReply(
        cancelMyEventDate,
        await organiser.call(cancelMyEventDate, {
          params: { id: event.id },
          body: { date: '2026-12-15' },
        }),
        200,
      );
      // The organiser is not a listing's provider: the change waits, off /events.
      const changed = await checkReply(
        editMyEvent,
        await organiser.call(editMyEvent, {
          params: { id: event.id },
          body: { ...submission, description: 'Now with cake.' },
        }),
        200,
      );
      expect(changed.data.status).toBe('pending');
      expect(
        await checkReply(
          deleteMyEvent,
          await organiser.call(deleteMyEvent, { params: { id: event.id } }),
          409,
        ),
      ).toMatchObject({ code: 'conflict' });

      const again = await checkReply(publishEvent, await publish(event.id), 200);
      expect(again.data.dates.filter(({ cancelled }) => cancelled).map(({ date }) => date)).toEqual(
        ['2026-12-15'],
      );
    });

    it('leaves the queue once its organiser cancels it while it waits', async () => {
      const event = await submitted({
        submission: { ...WEEKLY, title: 'Called Off While Waiting' },
      });
      await checkReply(
        cancelMyEvent,
        await organiser.call(cancelMyEvent, { params: { id: event.id } }),
        200,
      );
      expect((await queue()).data.map(({ id }) => id)).not.toContain(event.id);
    });
  });

  describe('POST /api/moderation/events/:id/publish', () => {
    it('puts every date on /events, audits it and emails whoever sent it', async () => {
      const event = await submitted();
      expect((await searchNearBs14dj()).events.map(({ id }) => id)).not.toContain(event.id);

      const body = await checkReply(publishEvent, await publish(event.id), 200);

      expect(body.message).toBe(
        'Published. Corn Street Coffee Morning is now on the events page, and its organiser is emailed.',
      );
      expect(body.data).toMatchObject({
        id: event.id,
        status: 'published',
        refusalReason: null,
        decidedAt: NOW.toISOString(),
        updatedAt: NOW.toISOString(),
        recurrence: 'Every Tuesday',
      });
      expect(body.data.dates).toEqual(
        TUESDAYS.map((date) => ({ date, cancelled: false, passed: false })),
      );

      const found = (await searchNearBs14dj()).events.find(({ id }) => id === event.id);
      expect(found).toMatchObject({ title: 'Corn Street Coffee Morning', date: '2026-12-08' });
      const detail = await checkReply(
        getEvent,
        await aVisitor(testApp.app).call(getEvent, { params: { id: event.id } }),
        200,
      );
      expect(detail.data.upcoming.map((session) => [session.date, session.time])).toEqual(
        TUESDAYS.map((date) => [date, '10:00']),
      );
      expect(detail.data.provenance.sourceName).toBe('Added by the organiser');

      expect(await auditOf(event.id)).toMatchObject([
        {
          actorUserId: moderator.id,
          actor: moderator.email,
          action: 'publish-event',
          entityType: 'event',
          before: { status: 'pending' },
          after: { status: 'published' },
        },
      ]);
      const mail = await mailAbout('Corn Street Coffee Morning');
      expect(mail.map(({ to, subject }) => ({ to, subject }))).toEqual([
        { to: organiser.email, subject: 'Your event Corn Street Coffee Morning is now on Locals' },
      ]);
      expect(mail[0]?.text).toContain(
        `http://localhost:3000/events?eventId=${encodeURIComponent(event.id)}`,
      );
      expect(mail[0]?.text).toContain('http://localhost:3000/my-events');
    });

    it('answers 409 for an event already decided, changing and emailing nothing more', async () => {
      const title = 'Twice Published Walk';
      const event = await submitted({ submission: aSubmission({ title }) });
      await checkReply(publishEvent, await publish(event.id), 200);

      const again = await checkReply(publishEvent, await publish(event.id), 409);
      const refused = await checkReply(refuseEvent, await refuse(event.id, 'Too late.'), 409);

      expect(again).toEqual({
        code: 'conflict',
        message: 'This event was already published on 3 December 2026.',
      });
      expect(refused.code).toBe('conflict');
      expect(await auditOf(event.id)).toHaveLength(1);
      expect(await mailAbout(title)).toHaveLength(1);
    });

    it('answers a retry with the same Idempotency-Key as the first time, emailing once', async () => {
      const title = 'Retried Walk';
      const event = await submitted({ submission: aSubmission({ title }) });
      const key = randomUUID();

      const first = await publish(event.id, key);
      const retry = await publish(event.id, key);

      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(await checkReply(publishEvent, retry, 200)).toEqual(
        await checkReply(publishEvent, first, 200),
      );
      expect(await mailAbout(title)).toHaveLength(1);
      expect(await auditOf(event.id)).toHaveLength(1);
    });

    it('answers 404 for an id that is not an event an organiser sent', async () => {
      await insertEvents(testApp.database, [
        anEvent({ sourceUid: 'imported', occurrences: [aSession('2026-12-10T10:00:00Z')] }),
      ]);
      for (const id of [idOfTestEvent('imported'), 'locals-00000000000000000000']) {
        expect(await checkReply(publishEvent, await publish(id), 404)).toEqual({
          code: 'not_found',
          message: 'There is no event organisers sent with that reference.',
        });
      }
    });

    it('answers 409 for an event its organiser has cancelled, which can still be refused', async () => {
      const event = await submitted({ submission: aSubmission({ title: 'Called Off Walk' }) });
      await setSubmittedEvent(testApp.database, event.id, { cancelled: true });

      const body = await checkReply(publishEvent, await publish(event.id), 409);

      expect(body.message).toContain('Its organiser has cancelled this event');
      await checkReply(refuseEvent, await refuse(event.id, 'Cancelled by its organiser.'), 200);
    });

    it.each([
      ['a visitor', 401],
      ['a signed-in resident', 403],
    ] as const)('answers %s with %i, publishing nothing', async (who, status) => {
      const event = await submitted({ submission: aSubmission({ title: `Guarded ${who}` }) });
      const client = who === 'a visitor' ? aVisitor(testApp.app) : organiser;
      const response = await client.call(
        publishEvent,
        { params: { id: event.id } },
        { 'idempotency-key': randomUUID() },
      );
      await checkReply(publishEvent, response, status);
      expect((await queue()).data.map(({ id }) => id)).toContain(event.id);
    });
  });

  describe('POST /api/moderation/events/:id/refuse', () => {
    it('refuses with the reason, which the organiser is emailed, and it stays off /events', async () => {
      const title = 'Refused Coffee Morning';
      const event = await submitted({ submission: aSubmission({ ...WEEKLY, title }) });
      const reason = 'The venue is a private house.\nPlease give a public venue.';

      const body = await checkReply(refuseEvent, await refuse(event.id, reason), 200);

      expect(body.data).toMatchObject({
        status: 'refused',
        refusalReason: reason,
        decidedAt: NOW.toISOString(),
        dates: [],
      });
      expect((await searchNearBs14dj()).events.map(({ id }) => id)).not.toContain(event.id);
      await checkReply(
        getEvent,
        await aVisitor(testApp.app).call(getEvent, { params: { id: event.id } }),
        404,
      );
      expect((await queue()).data.map(({ id }) => id)).not.toContain(event.id);
      expect(await auditOf(event.id)).toMatchObject([
        {
          action: 'refuse-event',
          before: { status: 'pending' },
          after: { status: 'refused', reason },
        },
      ]);
      const [mail, ...more] = await mailAbout(title);
      expect(more).toEqual([]);
      expect(mail).toMatchObject({ to: organiser.email, subject: `Your event ${title} on Locals` });
      expect(mail?.text).toContain(
        '> The venue is a private house.\n> Please give a public venue.',
      );
      expect(mail?.text).toContain('You can change the event in My events and send it again');
      expect(mail?.text).toContain('http://localhost:3000/my-events');
    });

    it('needs a reason', async () => {
      const event = await submitted({ submission: aSubmission({ title: 'Reasonless Walk' }) });

      const body = await checkReply(refuseEvent, await refuse(event.id, '   '), 400);

      expect(body.code).toBe('validation_error');
      expect((await queue()).data.map(({ id }) => id)).toContain(event.id);
    });

    it('emails the address the event gives once the account that sent it is gone', async () => {
      const title = 'Orphaned Walk';
      const event = await submitted({
        submission: aSubmission({ title, organizerEmail: 'walks@example.org' }),
      });
      await setSubmittedEvent(testApp.database, event.id, { submittedBy: null });

      await checkReply(refuseEvent, await refuse(event.id, 'No venue given.'), 200);

      expect((await mailAbout(title)).map(({ to }) => to)).toEqual(['walks@example.org']);
      const queued = await testApp.database.db.select().from(outgoingMail);
      expect(queued.filter((row) => row.message.subject.includes(title))).toHaveLength(1);
    });
  });
});
