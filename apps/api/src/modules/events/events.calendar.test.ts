import { gunzipSync } from 'node:zlib';
import ical, { type VEvent } from 'node-ical';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertBristolGeography } from '../../testing/directory-fixtures';
import { aSession, anEvent, idOfTestEvent, insertEvents } from '../../testing/event-fixtures';
import { useTestApp } from '../../testing/test-app';
import { eventCalendar } from './event-calendar';

/** Tuesday 20 October 2026, 10:00 in London. */
const NOW = new Date('2026-10-20T09:00:00Z');
const HOUR = 60 * 60 * 1000;
/** Three months on, at London midnight (GMT then). */
const HORIZON = new Date('2027-01-20T00:00:00Z');

const every = (first: string, stepMs: number, count: number) =>
  Array.from({ length: count }, (_, index) =>
    aSession(new Date(new Date(first).getTime() + index * stepMs).toISOString(), 1),
  );

/** What a stored hourly rule to 9999 left before issue 25: 24 sessions a day, for 200 days. */
const HOURLY = every('2026-10-20T10:00:00Z', HOUR, 24 * 200);
const WEEKLY = every('2026-10-21T12:30:00Z', 7 * 24 * HOUR, 52);

function vevents(text: string): VEvent[] {
  return Object.values(ical.sync.parseICS(text)).filter(
    (component): component is VEvent => component?.type === 'VEVENT',
  );
}
/**
 * Each session's start in UTC, from its UID (event id, start): London's wall clock repeats an
 * hour when the clocks go back (25 October), so DTSTART alone cannot tell 00:00Z from 01:00Z.
 */
const startsOf = (text: string) =>
  vevents(text)
    .map((event) => {
      const [, d = '', t = ''] = /\.(\d{8})T(\d{6})Z@/.exec(event.uid) ?? [];
      return `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}T${t.slice(0, 2)}:${t.slice(2, 4)}:${t.slice(4)}.000Z`;
    })
    .sort();
const isoOf = (sessions: { startsAt: Date }[]) => sessions.map((s) => s.startsAt.toISOString());

// Issue 25: one event repeating hourly to the year 9999 made this feed 5 MB in 34 s.
describe('GET /api/events/calendar.ics is bounded, built off the API thread, and cached', () => {
  let now = NOW;
  const testApp = useTestApp({ now: () => now });
  beforeAll(async () => {
    await insertBristolGeography(testApp.database);
    await insertEvents(testApp.database, [
      anEvent({ sourceUid: 'hourly', title: 'Every hour', occurrences: HOURLY }),
      anEvent({ sourceUid: 'weekly', title: 'Every week', occurrences: WEEKLY }),
    ]);
  });
  const get = (query: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url: `/api/events/calendar.ics?${query}`, headers });

  it('holds only the soonest 1,000 sessions across its events, and says its bounds', async () => {
    const response = await get('location=BS1%204DJ');

    expect(response.statusCode).toBe(200);
    const expected = [...isoOf(HOURLY), ...isoOf(WEEKLY)].sort().slice(0, 1000);
    expect(startsOf(response.body)).toEqual(expected);
    expect(response.body.length).toBeLessThan(1_000_000);
    // Unfolded: RFC 5545 folds lines at 75 octets.
    expect(response.body.replace(/\r\n[ \t]/g, '')).toContain(
      'X-WR-CALDESC:Community events from Locals: the next 3 months\\, at most 1\\,000 sessions',
    );
  });

  it('holds only the next 3 months, whatever dates are asked for', async () => {
    const response = await get('location=BS1%204DJ&from=2027-01-10&to=2027-06-01');

    const starts = startsOf(response.body);
    const expected = [...isoOf(HOURLY), ...isoOf(WEEKLY)]
      .filter((start) => start >= '2027-01-10T00:00:00.000Z' && start < HORIZON.toISOString())
      .sort();
    expect(starts).toEqual(expected);
    expect(starts.length).toBeGreaterThan(200);

    const beyond = await get('location=BS1%204DJ&from=2027-02-01&to=2027-06-01');
    expect(beyond.statusCode).toBe(200);
    expect(vevents(beyond.body)).toEqual([]);
  });

  it('answers again from its cache, until 5 minutes pass or an import changes the events', async () => {
    const query = 'maxDistance=1&location=bs1%204dj';
    const first = await get(query);
    now = new Date(NOW.getTime() + 4 * 60 * 1000);
    // The same feed, its DTSTAMPs still the first request's time: it was not built again.
    const again = await get('location=BS1 4DJ&maxDistance=1'.replaceAll(' ', '%20'));
    expect(again.body).toBe(first.body);
    expect(first.body).toContain('DTSTAMP:20261020T090000Z');

    now = new Date(NOW.getTime() + 6 * 60 * 1000);
    const later = await get(query);
    expect(later.body).not.toBe(first.body);
    expect(later.body).toContain('DTSTAMP:20261020T090600Z');

    await insertEvents(testApp.database, [
      anEvent({
        sourceUid: 'new',
        title: 'Just imported',
        occurrences: [aSession('2026-10-20T10:30:00Z')],
      }),
    ]);
    const afterImport = await get(query);
    expect(vevents(afterImport.body).map((event) => event.summary)).toContain('Just imported');
    now = NOW;
  });

  it('sends the cached feed gzipped, once, to a client that takes gzip', async () => {
    const plain = await get('location=BS1%204DJ&maxDistance=3');
    const gzipped = await get('location=BS1%204DJ&maxDistance=3', {
      'accept-encoding': 'gzip, deflate, br',
    });

    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toContain('accept-encoding');
    expect(gzipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('stops adding sessions at its size limit', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/events/${idOfTestEvent('hourly')}`,
    });
    const event = response.json<{ data: Parameters<typeof eventCalendar>[1][0]['event'] }>().data;
    const sessions = HOURLY.slice(0, 300).map((session) => ({
      startsAt: session.startsAt.toISOString(),
      endsAt: session.endsAt?.toISOString() ?? null,
      allDay: false,
      // What the page shows; the calendar reads the instants above.
      date: session.startsAt.toISOString().slice(0, 10),
      time: null,
      endTime: null,
      dateCancelled: false,
    }));
    const built = eventCalendar('Big', [{ event, sessions }], {
      publicUrl: 'http://localhost:3000',
      now: NOW,
      maxBytes: 50_000,
    });

    expect(built.complete).toBe(false);
    expect(built.sessions).toBeGreaterThan(10);
    expect(built.sessions).toBeLessThan(300);
    expect(vevents(built.body)).toHaveLength(built.sessions);
    expect(Buffer.byteLength(built.body)).toBeLessThan(55_000);

    // Joined from its pieces, the whole feed is still one calendar: every session once, in
    // order, one VTIMEZONE, and every line folded to 75 octets.
    const whole = eventCalendar('Big', [{ event, sessions }], {
      publicUrl: 'http://localhost:3000',
      now: NOW,
    });
    expect(whole).toMatchObject({ sessions: 300, complete: true });
    expect(whole.body).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*\r\nEND:VCALENDAR$/);
    expect(whole.body.match(/BEGIN:VTIMEZONE/g)).toHaveLength(1);
    expect(whole.body.match(/BEGIN:VEVENT\r\n/g)).toHaveLength(300);
    expect(whole.body.match(/END:VEVENT\r\n/g)).toHaveLength(300);
    const lines = whole.body.split('\r\n');
    expect(lines.filter((line) => Buffer.byteLength(line) > 75)).toEqual([]);
    expect(startsOf(whole.body)).toEqual(isoOf(HOURLY.slice(0, 300)));
  });
});
