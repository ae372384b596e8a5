import { searchEvents } from '@locals/contracts/routes/events';
import { refreshDemoEvents } from '@locals/db/open-data/demo-events';
import { eventOccurrences, events } from '@locals/db/schema';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../env';
import { checkReply } from '../../testing/contract-reply';
import { insertDistricts, insertPostcodes } from '../../testing/directory-fixtures';
import { aSession, anEvent, insertEvents } from '../../testing/event-fixtures';
import { aVisitor } from '../../testing/signed-in';
import { useTestApp } from '../../testing/test-app';

/** Tuesday 20 October 2026, 10:00 in London (BST); the clocks go back on Sunday the 25th. */
let now = new Date('2026-10-20T09:00:00Z');

describe('the example events', () => {
  const testApp = useTestApp({ now: () => now });
  beforeAll(async () => {
    // Three of the set's postcodes, as the open data has them; the others are not loaded here.
    await insertDistricts(testApp.database, [
      { outcode: 'BS5', latitude: 51.46201, longitude: -2.55189 },
    ]);
    await insertPostcodes(testApp.database, [
      { postcode: 'BS5 6XA', latitude: 51.47434, longitude: -2.55845, ladCode: 'E06000023' },
      { postcode: 'BS5 0HE', latitude: 51.4621, longitude: -2.56763, ladCode: 'E06000023' },
      { postcode: 'BS1 4DJ', latitude: 51.45173, longitude: -2.59686, ladCode: 'E06000023' },
    ]);
  });
  const demoRows = () => testApp.database.db.select().from(events).where(eq(events.source, 'demo'));

  it('are placed only at postcodes the open data has, and say they are examples', async () => {
    const listed = await refreshDemoEvents(testApp.database, now);

    const rows = await demoRows();
    expect(rows).toHaveLength(listed);
    expect(new Set(rows.map((row) => row.postcode))).toEqual(
      new Set(['BS5 6XA', 'BS5 0HE', 'BS1 4DJ']),
    );
    expect(rows.every((row) => row.organizerName === 'Locals (example event)')).toBe(true);
    expect(rows.every((row) => row.licence.includes('not a real event'))).toBe(true);
  });

  it('find drop-in food near BS5 6XX next week, at their London times after the clock change', async () => {
    const response = await aVisitor(testApp.app).call(searchEvents, {
      query: {
        location: 'BS5 6XX',
        maxDistance: '5',
        category: 'food',
        from: '2026-10-26',
        to: '2026-11-01',
        registrationRequired: 'false',
      },
    });

    const body = await checkReply(searchEvents, response, 200);
    expect(body.events.map((event) => [event.title, event.date, event.time])).toEqual([
      ['Community lunch', '2026-10-27', '12:00'],
      ['Food pantry drop-in', '2026-10-29', '10:00'],
    ]);
    expect(body.events.every((event) => event.isDemo)).toBe(true);
    expect(body.events[0]?.recurrence).toBe('Every Tuesday');
  });

  it('move on with the calendar: re-dated a week later, the same events have sessions from then', async () => {
    const before = (await demoRows()).map((row) => row.id).sort();
    now = new Date('2026-10-27T13:00:00Z');

    await refreshDemoEvents(testApp.database, now);

    expect((await demoRows()).map((row) => row.id).sort()).toEqual(before);
    const lunch = (await demoRows()).find((row) => row.title === 'Community lunch');
    const sessions = await testApp.database.db
      .select()
      .from(eventOccurrences)
      .where(eq(eventOccurrences.eventId, lunch?.id ?? ''));
    const latest = sessions.map((s) => s.startsAt.getTime()).sort((a, b) => b - a)[0] ?? 0;
    // Eight weeks ahead of the new today, not of the first refresh.
    expect(new Date(latest).toISOString()).toBe('2026-12-15T12:00:00.000Z');
  });

  // Issue 26: a production start showed 17 example events and no real one.
  it('are removed, and none written, with demo content off', async () => {
    await refreshDemoEvents(testApp.database, now);
    expect((await demoRows()).length).toBeGreaterThan(0);

    expect(await refreshDemoEvents(testApp.database, now, { demoContent: false })).toBe(0);
    expect(await demoRows()).toEqual([]);
  });

  it('are removed once a real event is listed', async () => {
    await insertEvents(testApp.database, [
      anEvent({
        sourceUid: 'real',
        postcode: 'BS1 4DJ',
        occurrences: [aSession('2026-11-02T10:00:00Z')],
      }),
    ]);

    expect(await refreshDemoEvents(testApp.database, now)).toBe(0);
    expect(await demoRows()).toEqual([]);
  });
});

describe('DEMO_CONTENT (issue 26)', () => {
  it.each([
    [{}, true],
    [{ NODE_ENV: 'production' }, false],
    [{ NODE_ENV: 'production', DEMO_CONTENT: 'on' }, true],
    [{ DEMO_CONTENT: 'off' }, false],
  ])('with %j shows demo content: %s', (env, shown) => {
    expect(loadConfig(env).demoContent).toBe(shown);
  });

  it('stops start-up for a value that is neither on nor off', () => {
    expect(() => loadConfig({ DEMO_CONTENT: 'yes please' })).toThrow(
      'DEMO_CONTENT must be on or off',
    );
  });
});
