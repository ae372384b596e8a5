import { searchEvents } from '@locals/contracts/routes/events';
import { queryRows } from '@locals/db/client';
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkReply } from '../../testing/contract-reply';
import { insertBristolGeography } from '../../testing/directory-fixtures';
import { aSession, anEvent, idOfTestEvent, insertEvents } from '../../testing/event-fixtures';
import { aVisitor, signedInUser } from '../../testing/signed-in';
import { aSubmission, insertSubmittedEvent } from '../../testing/submitted-event-fixtures';
import { useTestApp } from '../../testing/test-app';
import { londonDay } from '../../capabilities/london-time';
import { createSubmittedEventsRepository } from '../organiser-events/submitted-events.repository';
import { createEventsRepository } from './events.repository';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * A search with no postcode and no dates reads each event's stored next session (decision 039).
 * The database stamps what it stores with its own clock, so the app's clock here is the real
 * one, moved on by `laterMs` to search as the days pass, or back to search before a write.
 */
describe('GET /api/events/search with no postcode and no dates', () => {
  let laterMs = 0;
  const testApp = useTestApp({ now: () => new Date(Date.now() + laterMs) });
  /** The top of the hour when the file started: sessions are whole days and hours from it. */
  const start = Math.floor(Date.now() / HOUR) * HOUR;
  const at = (days: number) => new Date(start + days * DAY).toISOString();

  beforeAll(() => insertBristolGeography(testApp.database));
  beforeEach(async () => {
    laterMs = 0;
    await testApp.database.db.execute(sql`delete from events`);
  });

  const search = async (query: Record<string, string> = {}) =>
    checkReply(searchEvents, await aVisitor(testApp.app).call(searchEvents, { query }), 200);
  const listed = (body: { events: { title: string; startsAt: string }[] }) =>
    body.events.map((event) => [event.title, event.startsAt]);
  const storedNext = async (id: string) => {
    const [row] = await queryRows<{ next_starts_at: Date | string | null }>(
      testApp.database.db,
      sql`select next_starts_at from events where id = ${id}`,
    );
    return row?.next_starts_at ? new Date(row.next_starts_at).toISOString() : null;
  };

  it('lists each event at its real next session as days pass, before and after the job moves them on', async () => {
    await insertEvents(testApp.database, [
      anEvent({
        sourceUid: 'weekly',
        title: 'Weekly lunch',
        occurrences: [aSession(at(1)), aSession(at(8)), aSession(at(15))],
      }),
      anEvent({ sourceUid: 'once', title: 'One-off talk', occurrences: [aSession(at(2))] }),
      anEvent({ sourceUid: 'over', title: 'Last week’s fair', occurrences: [aSession(at(-3))] }),
    ]);
    expect(await storedNext(idOfTestEvent('weekly'))).toBe(at(1));

    const today = await search();
    expect(listed(today)).toEqual([
      ['Weekly lunch', at(1)],
      ['One-off talk', at(2)],
    ]);
    expect(today.totalCount).toBe(2);

    // Three days on, both stored next sessions are over: the lunch's following one is stored.
    laterMs = 3 * DAY;
    expect(listed(await search())).toEqual([['Weekly lunch', at(8)]]);

    // Ten days on, the lunch's following one is over too.
    laterMs = 10 * DAY;
    const later = await search();
    expect(listed(later)).toEqual([['Weekly lunch', at(15)]]);
    expect(later.totalCount).toBe(1);

    const moved = await createEventsRepository(testApp.database.db).refreshNextSessions(
      new Date(Date.now() + laterMs),
    );
    expect(moved).toBe(2);
    expect(await storedNext(idOfTestEvent('weekly'))).toBe(at(15));
    expect(await storedNext(idOfTestEvent('once'))).toBeNull();
    expect(await search()).toEqual(later);
  });

  it('follows a session whose end is changed in place, as any writer may', async () => {
    await insertEvents(testApp.database, [
      anEvent({
        sourceUid: 'weekly',
        title: 'Weekly lunch',
        occurrences: [aSession(at(1), 3), aSession(at(8), 3)],
      }),
    ]);
    await testApp.database.db.execute(
      sql`update event_occurrences set ends_at = starts_at + interval '1 hour'`,
    );
    laterMs = DAY + 2 * HOUR;

    expect(listed(await search())).toEqual([['Weekly lunch', at(8)]]);
  });

  it('lists a session on now, and an event whose session began over a day ago at its next', async () => {
    await insertEvents(testApp.database, [
      anEvent({ sourceUid: 'on-now', title: 'Morning café', occurrences: [aSession(at(0), 3)] }),
      anEvent({
        sourceUid: 'exhibition',
        title: 'Long exhibition',
        occurrences: [aSession(at(-2), 24 * 5), aSession(at(6))],
      }),
    ]);
    laterMs = HOUR;

    expect(listed(await search())).toEqual([
      ['Morning café', at(0)],
      ['Long exhibition', at(6)],
    ]);
  });

  it('answers a clock behind the one the next sessions were stored by', async () => {
    await insertEvents(testApp.database, [
      anEvent({
        sourceUid: 'weekly',
        title: 'Weekly lunch',
        occurrences: [aSession(at(-1)), aSession(at(6)), aSession(at(13))],
      }),
    ]);
    expect(await storedNext(idOfTestEvent('weekly'))).toBe(at(6));

    laterMs = -2 * DAY;
    expect(listed(await search())).toEqual([['Weekly lunch', at(-1)]]);
  });

  it('shows a called-off date, then a called-off event, at its next session', async () => {
    const organiser = await signedInUser(testApp.app);
    const firstDay = londonDay(new Date(at(2)));
    const event = await insertSubmittedEvent(testApp.database, {
      submittedBy: organiser.id,
      status: 'published',
      now: new Date(),
      submission: aSubmission({
        title: 'Coffee morning',
        date: firstDay,
        repeat: { frequency: 'weekly', until: londonDay(new Date(at(16))), except: [] },
      }),
    });
    const organisers = createSubmittedEventsRepository(testApp.database.db);

    await organisers.cancelDay(event.id, firstDay);
    const [offThatDay] = (await search()).events;
    expect(offThatDay).toMatchObject({ date: firstDay, dateCancelled: true, cancelled: false });

    await organisers.cancelSeries(event.id, new Date());
    const [off] = (await search()).events;
    expect(off).toMatchObject({ date: firstDay, cancelled: true });
  });

  it('follows an organiser who moves the dates, and leaves out a change waiting for a moderator', async () => {
    const organiser = await signedInUser(testApp.app);
    const weekly = (first: number) =>
      aSubmission({
        title: 'Coffee morning',
        date: londonDay(new Date(at(first))),
        repeat: { frequency: 'weekly', until: londonDay(new Date(at(first + 14))), except: [] },
      });
    const event = await insertSubmittedEvent(testApp.database, {
      submittedBy: organiser.id,
      status: 'published',
      now: new Date(),
      submission: weekly(2),
    });
    expect((await search()).events[0]?.date).toBe(londonDay(new Date(at(2))));
    const organisers = createSubmittedEventsRepository(testApp.database.db);

    // A live change (the provider of its listing): the sessions from now on are rewritten.
    const moved = await organisers.update(event.id, { submission: weekly(4) });
    await organisers.writeSessions(moved, new Date());
    const [shown] = (await search()).events;
    expect(shown?.date).toBe(londonDay(new Date(at(4))));
    expect(await storedNext(event.id)).toBe(shown?.startsAt);

    // A change that waits for a moderator takes its sessions off /events.
    await organisers.update(event.id, { status: 'pending' });
    await organisers.removeSessions(event.id, new Date());
    expect(await search()).toMatchObject({ events: [], totalCount: 0 });
  });

  it('pages in the same order as a search with dates, whatever was stored when', async () => {
    // Several at the same start (ordered by id), some whose stored session will be over.
    await insertEvents(
      testApp.database,
      ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((key, index) =>
        anEvent({
          sourceUid: key,
          title: `Event ${key}`,
          category: index % 2 === 0 ? 'food' : 'wellbeing',
          occurrences: [aSession(at(1 + (index % 3))), aSession(at(5 + (index % 2)))],
        }),
      ),
    );
    laterMs = 2 * DAY + HOUR;
    const everything = { from: londonDay(new Date(at(1))), to: londonDay(new Date(at(30))) };

    for (const filter of [{}, { category: 'food' }] as Record<string, string>[]) {
      const dated = await search({ ...filter, ...everything, pageSize: '100' });
      const pages = [];
      for (let page = 1; page <= 4; page++) {
        pages.push(await search({ ...filter, pageSize: '2', page: String(page) }));
      }
      expect(pages.flatMap((page) => listed(page))).toEqual(listed(dated));
      expect(pages.map((page) => page.totalCount)).toEqual(pages.map(() => dated.totalCount));
    }
  });
});
