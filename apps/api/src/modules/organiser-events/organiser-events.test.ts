import { randomUUID } from 'node:crypto';
import type { EventSubmission } from '@locals/contracts/organiser-events';
import { eventsCalendar, getEvent, searchEvents } from '@locals/contracts/routes/events';
import {
  cancelMyEvent,
  cancelMyEventDate,
  deleteMyEvent,
  editMyEvent,
  getMyEvent,
  listMyEvents,
  submitEvent,
} from '@locals/contracts/routes/organiser-events';
import { events, listingProviders } from '@locals/db/schema';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { importIcal } from '../../cli/events/import-ical';
import { importOpenActive } from '../../cli/events/import-openactive';
import { readOutbox } from '../../lib/mailer';
import { checkReply } from '../../testing/contract-reply';
import { aService, insertBristolGeography, insertServices } from '../../testing/directory-fixtures';
import { aSession, anEvent, idOfTestEvent, insertEvents } from '../../testing/event-fixtures';
import { aVisitor, anAddress, signedInUser, type SignedInUser } from '../../testing/signed-in';
import {
  aSubmission,
  insertSubmittedEvent,
  setSubmittedEvent,
} from '../../testing/submitted-event-fixtures';
import { useTestApp } from '../../testing/test-app';

// Thursday 3 December 2026, 10:00 in London.
const NOW = new Date('2026-12-03T10:00:00Z');
// Five Tuesdays, 10:00 to 12:00.
const TUESDAYS = ['2026-12-08', '2026-12-15', '2026-12-22', '2026-12-29', '2027-01-05'];
const weekly = (title: string, overrides: Partial<EventSubmission> = {}) =>
  aSubmission({ title, repeat: { frequency: 'weekly', until: '2027-01-05' }, ...overrides });

describe("organisers' own events", () => {
  const testApp = useTestApp({ now: () => NOW, sleep: async () => {} });
  let organiser: SignedInUser;
  let someoneElse: SignedInUser;
  let provider: SignedInUser;

  beforeAll(async () => {
    await insertBristolGeography(testApp.database);
    [organiser, someoneElse, provider] = await Promise.all([
      signedInUser(testApp.app),
      signedInUser(testApp.app),
      signedInUser(testApp.app),
    ]);
    // The verified listing the provider manages, at the address a submission gives by default.
    await insertServices(testApp.database, [
      aService({
        id: 'corn-street-hall',
        name: 'Corn Street Hall',
        address: '1 Corn Street, Bristol',
      }),
      aService({
        id: 'unverified-hall',
        verified: false,
        address: '9 Baldwin Street, Bristol',
        postcode: 'BS1 5TR',
      }),
    ]);
    await testApp.database.db.insert(listingProviders).values([
      { serviceId: 'corn-street-hall', email: provider.email, userId: provider.id },
      { serviceId: 'unverified-hall', email: provider.email, userId: provider.id },
    ]);
  });

  const submit = (
    person: SignedInUser,
    body: EventSubmission,
    headers: Record<string, string> = {},
  ) => person.call(submitEvent, { body }, headers);
  /** Someone else's event, stored as a submit would, sent before today's counts begin. */
  const stored = (
    submission: EventSubmission,
    options: { by?: SignedInUser; status?: 'pending' | 'published' | 'refused' } = {},
  ) =>
    insertSubmittedEvent(testApp.database, {
      submittedBy: (options.by ?? organiser).id,
      submission,
      status: options.status ?? 'pending',
      now: new Date('2026-12-01T09:00:00Z'),
    });
  const mailAbout = async (title: string) =>
    (await readOutbox(testApp.outboxDir)).filter((message) => message.subject.includes(title));
  const search = async (query: { date?: string } = {}) =>
    checkReply(
      searchEvents,
      await aVisitor(testApp.app).call(searchEvents, {
        query: { location: 'BS1 4DJ', pageSize: 100, ...query },
      }),
      200,
    );
  const searchedIds = async (query: { date?: string } = {}) =>
    (await search(query)).events.map(({ id }) => id);
  const detail = (id: string) => aVisitor(testApp.app).call(getEvent, { params: { id } });
  const rowOf = async (id: string) =>
    (await testApp.database.db.select().from(events).where(eq(events.id, id)))[0];

  describe('POST /api/my/events', () => {
    it('keeps a new event waiting for a moderator, off /events, and tells its sender and the team', async () => {
      const person = await signedInUser(testApp.app);
      const title = 'Waiting Coffee Morning';

      const body = await checkReply(submitEvent, await submit(person, weekly(title)), 201);

      expect(body.message).toBe(
        `Thanks, we've received ${title}. We'll check it within 2-3 working days and email you when it is on Locals.`,
      );
      expect(body.data).toMatchObject({
        status: 'pending',
        cancelled: false,
        refusalReason: null,
        recurrence: 'Every Tuesday',
        dates: [],
        submission: weekly(title),
        submittedAt: NOW.toISOString(),
        decidedAt: null,
      });
      expect(await searchedIds()).not.toContain(body.data.id);
      await checkReply(getEvent, await detail(body.data.id), 404);
      expect(await rowOf(body.data.id)).toMatchObject({
        source: 'locals',
        submittedBy: person.id,
        status: 'pending',
        serviceId: null,
        sourceName: 'Added by the organiser',
      });
      const mail = await mailAbout(title);
      expect(mail.map(({ to, subject }) => ({ to, subject }))).toEqual([
        { to: person.email, subject: `We have received your event ${title}` },
        { to: testApp.config.adminEmail, subject: `New event to check: ${title}` },
      ]);
      expect(mail[0]?.text).toContain('within 2-3 working days');
      expect(mail[1]?.text).toContain('http://localhost:3000/moderation/events');
    });

    it('publishes at once an event held at the verified listing its sender provides, found near its postcode', async () => {
      const title = 'Provider Coffee Morning';

      const body = await checkReply(
        submitEvent,
        // The listing's address written another way: case, punctuation and the postcode.
        await submit(provider, weekly(title, { address: '1 CORN STREET. Bristol BS1 4DJ' })),
        201,
      );

      expect(body.data.status).toBe('published');
      expect(body.data.decidedAt).toBe(NOW.toISOString());
      expect(body.data.dates).toEqual(
        TUESDAYS.map((date) => ({ date, cancelled: false, passed: false })),
      );
      expect(body.message).toContain('is published');
      expect((await rowOf(body.data.id))?.serviceId).toBe('corn-street-hall');
      const found = (await search()).events.find(({ id }) => id === body.data.id);
      expect(found).toMatchObject({ title, date: '2026-12-08', time: '10:00' });
      await checkReply(getEvent, await detail(body.data.id), 200);
      expect((await mailAbout(title)).map(({ to, subject }) => ({ to, subject }))).toEqual([
        { to: provider.email, subject: `Your event ${title} is now on Locals` },
      ]);
    });

    it.each([
      ['at another address of its postcode', { address: '20 Baldwin Street, Bristol' }],
      ['at its unverified listing', { address: '9 Baldwin Street', postcode: 'BS1 5TR' }],
    ])('keeps waiting a provider’s event %s', async (_where, place) => {
      const title = `Provider Walk ${randomUUID()}`;
      const body = await checkReply(
        submitEvent,
        await submit(provider, aSubmission({ title, ...place })),
        201,
      );
      expect(body.data.status).toBe('pending');
      expect(await searchedIds()).not.toContain(body.data.id);
    });

    describe('the same event already there (title, venue and London day)', () => {
      it('refuses one imported, naming it with its link', async () => {
        await insertEvents(testApp.database, [
          anEvent({
            sourceUid: 'imported-repair-cafe',
            title: 'Repair Cafe',
            venue: 'Corn Street Hall',
            occurrences: [aSession('2026-12-12T14:00:00Z')],
          }),
        ]);

        const response = await submit(
          organiser,
          aSubmission({ title: '  repair   CAFE ', venue: 'corn street hall', date: '2026-12-12' }),
        );

        expect(await checkReply(submitEvent, response, 409)).toEqual({
          code: 'conflict',
          message: `Repair Cafe at Corn Street Hall on Saturday 12 December 2026 is already listed: /events?eventId=${idOfTestEvent('imported-repair-cafe')}.`,
        });
      });

      it('refuses one waiting for a moderator, its sender told where to change it', async () => {
        const title = 'Twice Sent Walk';
        // Its third Tuesday is the new one's day.
        await stored(weekly(title), { by: someoneElse });
        const mine = await stored(weekly('My Twice Sent Walk'));

        const theirs = await checkReply(
          submitEvent,
          await submit(organiser, aSubmission({ title, date: '2026-12-22' })),
          409,
        );
        const again = await checkReply(
          submitEvent,
          await submit(organiser, aSubmission({ title: 'My Twice Sent Walk' })),
          409,
        );

        expect(theirs.message).toBe(
          `${title} at Corn Street Hall on Tuesday 22 December 2026 has already been sent to Locals and is waiting for a moderator, so there is no need to add it again.`,
        );
        expect(again.message).toBe(
          'You have already sent My Twice Sent Walk at Corn Street Hall on Tuesday 8 December 2026, and it is waiting for a moderator. You can change it in My events: http://localhost:3000/my-events',
        );
        expect(await rowOf(mine.id)).toBeDefined();
      });

      it('lets it be added when the other was refused or cancelled, or is on another day', async () => {
        const refused = await stored(aSubmission({ title: 'Refused Lunch' }), {
          status: 'refused',
        });
        const cancelled = await stored(aSubmission({ title: 'Cancelled Lunch' }), {
          status: 'published',
        });
        await setSubmittedEvent(testApp.database, cancelled.id, { cancelled: true });
        await stored(aSubmission({ title: 'Monday Lunch', date: '2026-12-07' }));
        const person = await signedInUser(testApp.app);

        for (const title of ['Refused Lunch', 'Cancelled Lunch', 'Monday Lunch']) {
          await checkReply(submitEvent, await submit(person, aSubmission({ title })), 201);
        }
        expect(refused.id).not.toBe(cancelled.id);
      });
    });

    it('allows 10 events a person a day, then says to try tomorrow', async () => {
      const person = await signedInUser(testApp.app);
      for (let count = 1; count <= 10; count += 1) {
        const body = aSubmission({ title: `Busy Day ${count}` });
        await checkReply(submitEvent, await submit(person, body), 201);
      }

      const response = await submit(person, aSubmission({ title: 'Busy Day 11' }));

      expect(await checkReply(submitEvent, response, 429)).toEqual({
        code: 'rate_limited',
        message: 'You have added 10 events today. Try again tomorrow.',
      });
      // London midnight is 14 hours away.
      expect(response.headers['retry-after']).toBe(String(14 * 60 * 60));
      const list = await checkReply(listMyEvents, await person.call(listMyEvents, {}), 200);
      expect(list.data).toHaveLength(10);
    });

    it('allows 20 submissions an address a day, whoever sends them', async () => {
      const remoteAddress = anAddress();
      const [first, second] = await Promise.all([
        signedInUser(testApp.app, { remoteAddress }),
        signedInUser(testApp.app, { remoteAddress }),
      ]);
      // Each refused (an unknown postcode), which still counts.
      const unplaceable = aSubmission({ title: 'Nowhere Walk', postcode: 'BS1 9ZZ' });
      for (const person of [first, second]) {
        for (let count = 0; count < 10; count += 1) {
          await checkReply(submitEvent, await submit(person, unplaceable), 404);
        }
      }

      const response = await submit(second, aSubmission({ title: 'One Too Many' }));

      expect(await checkReply(submitEvent, response, 429)).toEqual({
        code: 'rate_limited',
        message: 'Too many events have been sent from your connection today. Try again tomorrow.',
      });
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('answers a retry with the same Idempotency-Key as the first time, storing and emailing once', async () => {
      const person = await signedInUser(testApp.app);
      const title = 'Retried Coffee Morning';
      const key = randomUUID();

      const first = await submit(person, weekly(title), { 'idempotency-key': key });
      const retry = await submit(person, weekly(title), { 'idempotency-key': key });
      const another = await submit(person, weekly('Another Event'), { 'idempotency-key': key });

      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(await checkReply(submitEvent, retry, 201)).toEqual(
        await checkReply(submitEvent, first, 201),
      );
      expect(await checkReply(submitEvent, another, 422)).toMatchObject({
        code: 'idempotency_key_reused',
      });
      const list = await checkReply(listMyEvents, await person.call(listMyEvents, {}), 200);
      expect(list.data.map((event) => event.submission.title)).toEqual([title]);
      expect(await mailAbout(title)).toHaveLength(2);
    });

    it('refuses a postcode Locals cannot place, saying which', async () => {
      const response = await submit(organiser, aSubmission({ postcode: 'bs1 9zz' }));
      expect(await checkReply(submitEvent, response, 404)).toEqual({
        code: 'postcode_not_found',
        message:
          "We couldn't find BS1 9ZZ, so the event could not be put on the map. Check the postcode and try again.",
      });
    });

    it.each([
      [
        'only the first part of a postcode',
        { postcode: 'BS1' },
        'postcode',
        "Enter the event's full postcode, like BS1 4DJ",
      ],
      ['a date gone by', { date: '2026-12-02' }, 'date', 'The date must be today or in the future'],
      [
        'a date more than two years ahead',
        { date: '2028-12-08' },
        'date',
        'Events can be added up to two years ahead: choose an earlier date',
      ],
      ['no title', { title: ' ' }, 'title', 'Event name is required'],
    ])('refuses %s beside its field', async (_case, overrides, field, message) => {
      const body = { ...aSubmission(), ...overrides };
      const refusal = await checkReply(submitEvent, await submit(organiser, body), 400);
      expect(refusal.fieldErrors?.[field]).toEqual([message]);
    });

    it('answers 401 to someone signed out, and 403 to a form from elsewhere', async () => {
      await checkReply(
        submitEvent,
        await aVisitor(testApp.app).call(submitEvent, { body: aSubmission() }),
        401,
      );
      const forged = await testApp.app.inject({
        method: 'POST',
        url: '/api/my/events',
        headers: { cookie: organiser.cookie },
        payload: aSubmission(),
      });
      expect(await checkReply(submitEvent, forged, 403)).toMatchObject({
        code: 'csrf_check_failed',
      });
    });
  });

  describe('GET /api/my/events', () => {
    it('lists what the person sent, newest first, with where each stands, and nobody else’s', async () => {
      const person = await signedInUser(testApp.app);
      const older = await insertSubmittedEvent(testApp.database, {
        submittedBy: person.id,
        submission: weekly('Older Event'),
        status: 'published',
        now: new Date('2026-11-30T09:00:00Z'),
      });
      const newer = await insertSubmittedEvent(testApp.database, {
        submittedBy: person.id,
        submission: aSubmission({ title: 'Newer Event' }),
        now: new Date('2026-12-01T09:00:00Z'),
      });
      await setSubmittedEvent(testApp.database, newer.id, {
        status: 'refused',
        refusalReason: 'Please give a public venue.',
      });
      await stored(aSubmission({ title: 'Not Theirs' }), { by: someoneElse });

      const response = await person.call(listMyEvents, {});

      const body = await checkReply(listMyEvents, response, 200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(
        body.data.map(({ id, status, refusalReason }) => ({ id, status, refusalReason })),
      ).toEqual([
        { id: newer.id, status: 'refused', refusalReason: 'Please give a public venue.' },
        { id: older.id, status: 'published', refusalReason: null },
      ]);
      expect(body.data[1]?.dates.map(({ date }) => date)).toEqual(TUESDAYS);
    });

    it('answers 401 to someone signed out', async () => {
      await checkReply(listMyEvents, await aVisitor(testApp.app).call(listMyEvents, {}), 401);
    });
  });

  describe('GET /api/my/events/:id', () => {
    it('shows the person their own event, and another person’s as if there were none', async () => {
      const event = await stored(aSubmission({ title: 'Whose Event' }));

      const own = await checkReply(
        getMyEvent,
        await organiser.call(getMyEvent, { params: { id: event.id } }),
        200,
      );
      const theirs = await checkReply(
        getMyEvent,
        await someoneElse.call(getMyEvent, { params: { id: event.id } }),
        404,
      );
      const none = await checkReply(
        getMyEvent,
        await organiser.call(getMyEvent, { params: { id: 'locals-00000000000000000000' } }),
        404,
      );

      expect(own.data).toMatchObject({ id: event.id, status: 'pending' });
      expect(own.message).toBe('Whose Event is waiting for a moderator to check it.');
      expect(theirs).toEqual(none);
    });
  });

  describe('PUT /api/my/events/:id', () => {
    const edit = (person: SignedInUser, id: string, body: EventSubmission) =>
      person.call(editMyEvent, { params: { id }, body });

    it('sends a published event back to moderation, off /events, when its sender is not its listing’s provider', async () => {
      const event = await stored(weekly('Changed Walk'), { status: 'published' });
      expect(await searchedIds()).toContain(event.id);

      const body = await checkReply(
        editMyEvent,
        await edit(
          organiser,
          event.id,
          weekly('Changed Walk', { startTime: '11:00', endTime: '13:00' }),
        ),
        200,
      );

      expect(body.data).toMatchObject({
        status: 'pending',
        decidedAt: null,
        updatedAt: NOW.toISOString(),
        dates: [],
      });
      expect(body.data.submission.startTime).toBe('11:00');
      expect(body.message).toBe(
        'Thanks, your changes to Changed Walk will be checked by a moderator within 2-3 working days. Until then it is not on the events page.',
      );
      expect(await searchedIds()).not.toContain(event.id);
      await checkReply(getEvent, await detail(event.id), 404);
      expect((await mailAbout('Changed Walk')).map(({ to, subject }) => ({ to, subject }))).toEqual(
        [{ to: testApp.config.adminEmail, subject: 'Changed event to check: Changed Walk' }],
      );
    });

    it('puts a change live at once for the provider of its verified listing', async () => {
      const event = await stored(weekly('Provider Quiz'), { by: provider, status: 'published' });

      const body = await checkReply(
        editMyEvent,
        await edit(
          provider,
          event.id,
          weekly('Provider Quiz Night', { startTime: '19:00', endTime: '21:00' }),
        ),
        200,
      );

      expect(body.data).toMatchObject({ status: 'published', updatedAt: NOW.toISOString() });
      expect(body.data.dates.map(({ date }) => date)).toEqual(TUESDAYS);
      expect(body.message).toBe('Your changes to Provider Quiz Night are live.');
      const found = (await search()).events.find(({ id }) => id === event.id);
      expect(found).toMatchObject({ title: 'Provider Quiz Night', time: '19:00' });
    });

    it('sends a refused event back to moderation, its reason cleared, and keeps a waiting one waiting', async () => {
      const refused = await stored(aSubmission({ title: 'Second Try' }), { status: 'refused' });
      await setSubmittedEvent(testApp.database, refused.id, { refusalReason: 'No venue.' });
      const waiting = await stored(aSubmission({ title: 'Still Waiting' }));

      const again = await checkReply(
        editMyEvent,
        await edit(
          organiser,
          refused.id,
          aSubmission({ title: 'Second Try', venue: 'The Library' }),
        ),
        200,
      );
      const changed = await checkReply(
        editMyEvent,
        await edit(
          organiser,
          waiting.id,
          aSubmission({ title: 'Still Waiting', website: 'https://example.org' }),
        ),
        200,
      );

      expect(again.data).toMatchObject({ status: 'pending', refusalReason: null, decidedAt: null });
      expect(changed.data).toMatchObject({ status: 'pending', updatedAt: NOW.toISOString() });
      expect(changed.message).toContain('still waiting for a moderator');
    });

    it('refuses to change a cancelled event (409), and another person’s (404)', async () => {
      const cancelled = await stored(aSubmission({ title: 'Called Off' }), { status: 'published' });
      await setSubmittedEvent(testApp.database, cancelled.id, { cancelled: true });
      const mine = await stored(aSubmission({ title: 'Only Mine' }));

      expect(
        await checkReply(editMyEvent, await edit(organiser, cancelled.id, aSubmission()), 409),
      ).toMatchObject({ code: 'conflict' });
      await checkReply(editMyEvent, await edit(someoneElse, mine.id, aSubmission()), 404);
      expect((await rowOf(mine.id))?.title).toBe('Only Mine');
    });
  });

  describe('POST /api/my/events/:id/cancelled-dates', () => {
    const cancelDate = (person: SignedInUser, id: string, date: string) =>
      person.call(cancelMyEventDate, { params: { id }, body: { date } });

    it('marks the date cancelled on /events, in its details and in the calendar feed, and again changes nothing', async () => {
      const event = await stored(weekly('Cancelled Tuesday Club'), { status: 'published' });

      const body = await checkReply(
        cancelMyEventDate,
        await cancelDate(organiser, event.id, '2026-12-15'),
        200,
      );
      const again = await checkReply(
        cancelMyEventDate,
        await cancelDate(organiser, event.id, '2026-12-15'),
        200,
      );

      expect(body.message).toBe(
        'Cancelled Tuesday Club on Tuesday 15 December 2026 is cancelled. It shows as cancelled on the events page and in calendars.',
      );
      expect(body.data.updatedAt).toBe(NOW.toISOString());
      expect(body.data.dates).toEqual(
        TUESDAYS.map((date) => ({ date, cancelled: date === '2026-12-15', passed: false })),
      );
      expect(again.message).toBe('Tuesday 15 December 2026 was already cancelled.');
      expect(again.data.dates).toEqual(body.data.dates);

      const onTheDay = (await search({ date: '2026-12-15' })).events.find(
        ({ id }) => id === event.id,
      );
      expect(onTheDay).toMatchObject({ date: '2026-12-15', dateCancelled: true, cancelled: false });
      const shown = await checkReply(getEvent, await detail(event.id), 200);
      expect(shown.data.upcoming.map(({ date, dateCancelled }) => [date, dateCancelled])).toEqual(
        TUESDAYS.map((date) => [date, date === '2026-12-15']),
      );

      const feed = await aVisitor(testApp.app).call(eventsCalendar, {
        query: { location: 'BS1 4DJ', from: '2026-12-14', to: '2026-12-16' },
      });
      expect(feed.statusCode).toBe(200);
      const vevents = feed.body
        .replace(/\r\n[ \t]/g, '')
        .split('BEGIN:VEVENT')
        .slice(1);
      const session = vevents.find((vevent) => vevent.includes(`UID:${event.id}.20261215T100000Z`));
      expect(session).toContain('STATUS:CANCELLED');
    });

    it.each([
      ['is not one of its dates', 'published', '2026-12-16'],
      ['has passed', 'published', '2026-12-01'],
      ['belongs to an event not yet published', 'pending', '2026-12-15'],
    ] as const)('answers 404 for a date that %s', async (_case, status, date) => {
      const event = await stored(weekly(`Odd Date ${date} ${status}`), { status });
      const refusal = await checkReply(
        cancelMyEventDate,
        await cancelDate(organiser, event.id, date),
        404,
      );
      expect(refusal.code).toBe('not_found');
    });

    it('answers 404 to another person', async () => {
      const event = await stored(weekly('Not Yours To Cancel'), { status: 'published' });
      await checkReply(
        cancelMyEventDate,
        await cancelDate(someoneElse, event.id, '2026-12-15'),
        404,
      );
      expect(
        (await search({ date: '2026-12-15' })).events.find(({ id }) => id === event.id),
      ).toMatchObject({ dateCancelled: false });
    });
  });

  describe('POST /api/my/events/:id/cancel', () => {
    it('marks every date cancelled, still listed so people who saved it are told, and again changes nothing', async () => {
      const event = await stored(weekly('Whole Series Off'), { status: 'published' });

      const body = await checkReply(
        cancelMyEvent,
        await organiser.call(cancelMyEvent, { params: { id: event.id } }),
        200,
      );
      const again = await checkReply(
        cancelMyEvent,
        await organiser.call(cancelMyEvent, { params: { id: event.id } }),
        200,
      );

      expect(body.data.cancelled).toBe(true);
      expect(body.data.dates.every(({ cancelled }) => cancelled)).toBe(true);
      expect(body.message).toContain('so people who saved it are told');
      expect(again.message).toBe('Whole Series Off was already cancelled.');
      expect((await search()).events.find(({ id }) => id === event.id)).toMatchObject({
        cancelled: true,
      });
      await checkReply(
        editMyEvent,
        await organiser.call(editMyEvent, { params: { id: event.id }, body: weekly('Back On') }),
        409,
      );
    });

    it('answers 404 to another person', async () => {
      const event = await stored(weekly('Not Yours Either'), { status: 'published' });
      await checkReply(
        cancelMyEvent,
        await someoneElse.call(cancelMyEvent, { params: { id: event.id } }),
        404,
      );
      expect((await rowOf(event.id))?.cancelled).toBe(false);
    });
  });

  describe('DELETE /api/my/events/:id', () => {
    const remove = (person: SignedInUser, id: string) =>
      person.call(deleteMyEvent, { params: { id } });

    it.each(['pending', 'refused'] as const)('deletes a %s event', async (status) => {
      const event = await stored(aSubmission({ title: `Deleted ${status}` }), { status });

      expect(await checkReply(deleteMyEvent, await remove(organiser, event.id), 200)).toEqual({
        success: true,
      });
      expect(await rowOf(event.id)).toBeUndefined();
      await checkReply(
        getMyEvent,
        await organiser.call(getMyEvent, { params: { id: event.id } }),
        404,
      );
    });

    it('refuses to delete a published event, saying to cancel it instead', async () => {
      const event = await stored(aSubmission({ title: 'Published Stays' }), {
        status: 'published',
      });

      expect(await checkReply(deleteMyEvent, await remove(organiser, event.id), 409)).toEqual({
        code: 'conflict',
        message:
          'This event has been published: cancel it instead, so people who saved it are told.',
      });
      expect(await rowOf(event.id)).toBeDefined();
    });

    it('answers 404 to another person, deleting nothing', async () => {
      const event = await stored(aSubmission({ title: 'Kept From Others' }));
      await checkReply(deleteMyEvent, await remove(someoneElse, event.id), 404);
      expect(await rowOf(event.id)).toBeDefined();
    });
  });

  describe('imports beside submitted events', () => {
    it.each([
      [
        'iCalendar',
        () =>
          importIcal(
            testApp.database,
            { file: '/no/such/feed.ics', source: 'locals', licence: 'CC BY 4.0' },
            NOW,
          ),
      ],
      [
        'OpenActive',
        () =>
          importOpenActive(
            testApp.database,
            { feed: { file: '/no/such/feed.json' }, source: 'locals' },
            NOW,
          ),
      ],
    ])(
      'the %s importer refuses the source submitted events are kept under',
      async (_importer, run) => {
        const event = await stored(aSubmission({ title: `Safe From Imports ${_importer}` }), {
          status: 'published',
        });

        await expect(run()).rejects.toThrow(
          '--source locals is kept for the events organisers add on Locals, which an import must never change',
        );
        expect(await rowOf(event.id)).toMatchObject({ title: `Safe From Imports ${_importer}` });
      },
    );
  });
});
