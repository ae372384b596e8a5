import { searchEvents } from '@locals/contracts/routes/events';
import { queryRows } from '@locals/db/client';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkReply } from '../../testing/contract-reply';
import { insertBristolGeography, POSTCODES } from '../../testing/directory-fixtures';
import { aSession, anEvent, idOfTestEvent, insertEvents } from '../../testing/event-fixtures';
import { aVisitor } from '../../testing/signed-in';
import { useTestApp } from '../../testing/test-app';
import { cellOf } from './grid';

/** Tuesday 20 October 2026, 10:00 in London (BST); the clocks go back on Sunday the 25th. */
const NOW = new Date('2026-10-20T09:00:00Z');
const BATH = { postcode: 'BA1 1AA', latitude: 51.381, longitude: -2.359 };

describe('GET /api/events/search', () => {
  const testApp = useTestApp({ now: () => NOW });
  beforeAll(async () => {
    await insertBristolGeography(testApp.database);
    await insertEvents(testApp.database, [
      anEvent({
        sourceUid: 'lunch',
        title: 'Community lunch',
        occurrences: [aSession('2026-10-22T11:00:00Z')],
        tags: ['Free', 'Hot meal'],
      }),
      anEvent({
        sourceUid: 'pantry-weekly',
        title: 'Weekly pantry',
        postcode: 'BS2 0JA',
        ...POSTCODES['BS2 0JA'],
        recurrence: 'Every Tuesday',
        // Tuesdays at 10:00 London time, either side of the clock change.
        occurrences: [
          aSession('2026-10-13T09:00:00Z'),
          aSession('2026-10-20T09:00:00Z'),
          aSession('2026-10-27T10:00:00Z'),
          aSession('2026-11-03T10:00:00Z'),
        ],
      }),
      anEvent({
        sourceUid: 'cv-workshop',
        title: 'CV workshop',
        category: 'training',
        registrationRequired: true,
        registrationLink: 'https://example.org/book',
        occurrences: [aSession('2026-10-22T13:00:00Z')],
        tags: ['Jobs'],
      }),
      anEvent({
        sourceUid: 'bread-club',
        title: 'Bread club',
        postcode: 'BS2 0JA',
        ...POSTCODES['BS2 0JA'],
        occurrences: [aSession('2026-10-22T11:00:00Z')],
      }),
      anEvent({
        sourceUid: 'bath-walk',
        title: 'Bath wellbeing walk',
        category: 'wellbeing',
        ...BATH,
        occurrences: [aSession('2026-10-21T10:00:00Z')],
      }),
      anEvent({
        sourceUid: 'yesterday',
        title: 'Yesterday coffee morning',
        occurrences: [aSession('2026-10-19T09:00:00Z')],
      }),
      anEvent({
        sourceUid: 'called-off',
        title: 'Called-off quiz',
        cancelled: true,
        occurrences: [aSession('2026-10-23T18:00:00Z')],
      }),
      anEvent({
        sourceUid: 'market',
        title: 'Winter market',
        occurrences: [
          {
            startsAt: new Date('2026-10-31T00:00:00Z'),
            endsAt: new Date('2026-11-01T00:00:00Z'),
            allDay: true,
          },
        ],
      }),
    ]);
  });
  const search = (query: Record<string, string>) =>
    aVisitor(testApp.app).call(searchEvents, { query });
  const titles = (body: { events: { title: string }[] }) => body.events.map((e) => e.title);

  it('lists upcoming events near a postcode once each, soonest first, with their distance', async () => {
    const body = await checkReply(
      searchEvents,
      await search({ location: 'BS1 4DJ', maxDistance: '5' }),
      200,
    );

    expect(titles(body)).toEqual([
      'Weekly pantry', // on now: 10:00-12:00 today
      'Community lunch',
      'Bread club', // at the same time as the lunch, a mile farther
      'CV workshop',
      'Called-off quiz', // listed, marked cancelled, so nobody sets out for it
      'Winter market',
    ]);
    expect(body.totalCount).toBe(6);
    expect(body.location?.postcode).toBe('BS1 4DJ');
    const pantry = body.events[0];
    expect(pantry).toMatchObject({
      id: idOfTestEvent('pantry-weekly'),
      date: '2026-10-20',
      time: '10:00',
      endTime: '12:00',
      recurrence: 'Every Tuesday',
      passed: false,
      isDemo: false,
      location: { postcode: 'BS2 0JA' },
    });
    expect(pantry?.distanceMiles).toBeGreaterThan(0.5);
    expect(pantry?.distanceMiles).toBeLessThan(2);
    expect(body.events[1]?.distanceMiles).toBe(0);
  });

  it('puts the nearer of two events that start together first', async () => {
    const body = await checkReply(
      searchEvents,
      await search({ location: 'BS2 0JA', maxDistance: '5' }),
      200,
    );
    expect(titles(body).slice(1, 3)).toEqual(['Bread club', 'Community lunch']);
  });

  it('reaches farther events with a wider distance, and lists everything without a postcode', async () => {
    const near = await checkReply(
      searchEvents,
      await search({ location: 'BS1 4DJ', maxDistance: '10' }),
      200,
    );
    expect(titles(near)).not.toContain('Bath wellbeing walk');
    const wide = await checkReply(
      searchEvents,
      await search({ location: 'BS1 4DJ', maxDistance: '25' }),
      200,
    );
    expect(titles(wide)).toContain('Bath wellbeing walk');
    const everywhere = await checkReply(searchEvents, await search({}), 200);
    expect(everywhere.totalCount).toBe(7);
    expect(everywhere.location).toBeNull();
    expect(everywhere.events.every((e) => e.distanceMiles === null)).toBe(true);
  });

  it('never lists a session that has ended, and lists a cancelled event as cancelled', async () => {
    const body = await checkReply(searchEvents, await search({}), 200);
    expect(titles(body)).not.toContain('Yesterday coffee morning');
    expect(body.events.find((event) => event.title === 'Called-off quiz')).toMatchObject({
      cancelled: true,
      date: '2026-10-23',
    });
  });

  it('reads a date as that London day, after the clock change too', async () => {
    const tuesday = await checkReply(searchEvents, await search({ date: '2026-10-27' }), 200);
    expect(titles(tuesday)).toEqual(['Weekly pantry']);
    expect(tuesday.events[0]).toMatchObject({ date: '2026-10-27', time: '10:00' });

    const market = await checkReply(searchEvents, await search({ date: '2026-10-31' }), 200);
    expect(market.events[0]).toMatchObject({ title: 'Winter market', allDay: true, time: null });
  });

  it('shows a weekly event at its first session in a date range', async () => {
    const body = await checkReply(
      searchEvents,
      await search({ from: '2026-10-26', to: '2026-11-08', category: 'food' }),
      200,
    );
    expect(titles(body)).toEqual(['Weekly pantry', 'Winter market']);
    expect(body.events[0]?.date).toBe('2026-10-27');
  });

  it('filters by category, registration and tags (any of them, whatever their case)', async () => {
    const training = await checkReply(searchEvents, await search({ category: 'training' }), 200);
    expect(titles(training)).toEqual(['CV workshop']);
    const booked = await checkReply(
      searchEvents,
      await search({ registrationRequired: 'true' }),
      200,
    );
    expect(titles(booked)).toEqual(['CV workshop']);
    const dropIn = await checkReply(
      searchEvents,
      await search({ registrationRequired: 'false' }),
      200,
    );
    expect(titles(dropIn)).not.toContain('CV workshop');
    const tagged = await checkReply(searchEvents, await search({ tags: 'hot meal, JOBS' }), 200);
    expect(titles(tagged).sort()).toEqual(['CV workshop', 'Community lunch']);
  });

  it('pages through the results and counts them on every page', async () => {
    const first = await checkReply(searchEvents, await search({ pageSize: '2' }), 200);
    expect(first).toMatchObject({ page: 1, pageSize: 2, totalCount: 7, hasMore: true });
    const fourth = await checkReply(searchEvents, await search({ pageSize: '2', page: '4' }), 200);
    expect(fourth).toMatchObject({ page: 4, totalCount: 7, hasMore: false });
    expect(fourth.events).toHaveLength(1);
    const beyond = await checkReply(searchEvents, await search({ pageSize: '2', page: '9' }), 200);
    expect(beyond).toMatchObject({ events: [], totalCount: 7, hasMore: false });
    const all = [
      ...first.events,
      ...(await checkReply(searchEvents, await search({ pageSize: '2', page: '2' }), 200)).events,
      ...(await checkReply(searchEvents, await search({ pageSize: '2', page: '3' }), 200)).events,
      ...fourth.events,
    ];
    expect(new Set(all.map((e) => e.id)).size).toBe(7);
  });

  it.each([
    [{ date: '2026-02-30' }, 'date must be a real date'],
    [{ date: '01/12/2026' }, 'date must be a real date'],
    [{ from: '2026-11-02', to: '2026-11-01' }, 'from must be on or before to'],
    [{ date: '2026-11-02', from: '2026-11-01' }, 'either one date'],
    [
      { location: 'BS1 4DJ', maxDistance: '2' },
      'maxDistance must be one of 1, 3, 5, 10 or 25 miles',
    ],
    [{ maxDistance: '5' }, 'maxDistance needs a location'],
    [{ location: 'not a postcode' }, 'postcode'],
    [{ pageSize: '101' }, 'pageSize must be between 1 and 100'],
    [{ page: '0' }, 'page must be between'],
    [{ category: 'parties' }, 'category must be one of'],
    [{ registrationRequired: 'yes' }, 'registrationRequired must be true or false'],
  ])('refuses %o with a message a person can act on', async (query, message) => {
    const body = await checkReply(searchEvents, await search(query), 400);
    expect(body.message).toContain(message);
  });

  // Open-ended searches start from the events, dated ones from the sessions (decision 021).
  it.each([
    [{ location: 'BS1 4DJ', maxDistance: '25' }],
    [{ category: 'food' }],
    [{ tags: 'free,jobs' }],
    [{ registrationRequired: 'true', location: 'BS2 0JA', maxDistance: '3' }],
  ])('finds the same events with or without an end date: %o', async (query) => {
    const open = await checkReply(searchEvents, await search(query), 200);
    const dated = await checkReply(
      searchEvents,
      await search({ ...query, from: '2026-10-20', to: '2027-10-19' }),
      200,
    );
    expect(open.totalCount).toBeGreaterThan(0);
    expect(dated.events).toEqual(open.events);
    expect(dated.totalCount).toBe(open.totalCount);
  });

  it('stores each session in the grid cell the search reads for its point', async () => {
    const rows = await queryRows<{ cell: number; latitude: number; longitude: number }>(
      testApp.database.db,
      sql`select cell, latitude, longitude from event_occurrences`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.cell).toBe(cellOf(row.latitude, row.longitude));
  });

  it('answers 404 for a postcode that does not exist', async () => {
    const body = await checkReply(searchEvents, await search({ location: 'ZE9 9ZZ' }), 404);
    expect(body.message).toContain('ZE9 9ZZ');
  });
});
