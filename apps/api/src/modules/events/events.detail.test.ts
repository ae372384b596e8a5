import { getEvent } from '@locals/contracts/routes/events';
import ical, { type VEvent } from 'node-ical';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkReply } from '../../testing/contract-reply';
import { insertBristolGeography } from '../../testing/directory-fixtures';
import { aSession, anEvent, idOfTestEvent, insertEvents } from '../../testing/event-fixtures';
import { aVisitor } from '../../testing/signed-in';
import { useTestApp } from '../../testing/test-app';

/** Tuesday 20 October 2026, 10:00 in London (BST); the clocks go back on Sunday the 25th. */
const NOW = new Date('2026-10-20T09:00:00Z');

const TRICKY_TITLE = 'Tea, cake; and a chat\\ about "home"';

/** The VEVENTs of a calendar file, as a calendar app reads them, soonest first. */
function vevents(text: string): VEvent[] {
  return Object.values(ical.sync.parseICS(text))
    .filter((component): component is VEvent => component?.type === 'VEVENT')
    .sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** What a London wall clock shows at an instant: '10:00'. */
const londonClock = (at: Date) =>
  at.toLocaleTimeString('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit' });

describe('one event: GET /api/events/:id and its calendar file', () => {
  const testApp = useTestApp({ now: () => NOW });
  beforeAll(async () => {
    await insertBristolGeography(testApp.database);
    await insertEvents(testApp.database, [
      anEvent({
        sourceUid: 'pantry-weekly',
        title: TRICKY_TITLE,
        description: 'Line one,\nline two; with a backslash \\ too.',
        venue: 'St Agnes Church Hall',
        address: 'Thomas Street, Bristol',
        recurrence: 'Every Tuesday',
        organizerEmail: 'pantry@example.org',
        tags: ['Free'],
        occurrences: [
          aSession('2026-10-13T09:00:00Z'),
          aSession('2026-10-20T09:00:00Z'),
          aSession('2026-10-27T10:00:00Z'),
          aSession('2026-11-03T10:00:00Z'),
        ],
      }),
      anEvent({
        sourceUid: 'last-week',
        title: 'Last week coffee morning',
        occurrences: [aSession('2026-10-12T09:00:00Z'), aSession('2026-10-19T09:00:00Z')],
      }),
    ]);
  });
  const visitor = () => aVisitor(testApp.app);
  const pantry = idOfTestEvent('pantry-weekly');

  it('answers the event at its next session with the sessions still to come', async () => {
    const response = await visitor().call(getEvent, { params: { id: pantry } });
    const { data } = await checkReply(getEvent, response, 200);
    expect(data).toMatchObject({
      id: pantry,
      title: TRICKY_TITLE,
      date: '2026-10-20',
      time: '10:00',
      endTime: '12:00',
      passed: false,
      cancelled: false,
      organizer: { name: 'Test Organiser', email: 'pantry@example.org', phone: null },
      provenance: { source: 'test', licence: 'Test licence' },
    });
    expect(data.upcoming.map((session) => [session.date, session.time])).toEqual([
      ['2026-10-20', '10:00'],
      ['2026-10-27', '10:00'],
      ['2026-11-03', '10:00'],
    ]);
  });

  it('keeps an event whose sessions are over, at its last session, saying it has passed', async () => {
    const response = await visitor().call(getEvent, { params: { id: idOfTestEvent('last-week') } });
    const { data } = await checkReply(getEvent, response, 200);
    expect(data).toMatchObject({ date: '2026-10-19', passed: true, upcoming: [] });
  });

  it('answers 404 as JSON for an event it does not have', async () => {
    const response = await visitor().call(getEvent, { params: { id: 'test-0000' } });
    const body = await checkReply(getEvent, response, 404);
    expect(body.message).toContain('could not find that event');
    const file = await visitor().send('GET', '/api/events/test-0000.ics');
    expect(file.statusCode).toBe(404);
    expect(file.json()).toMatchObject({ code: 'not_found' });
  });

  it('gives a calendar file a phone reads at the right local times, either side of the clock change', async () => {
    const response = await visitor().send('GET', `/api/events/${pantry}.ics`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="tea-cake-.*\.ics"$/,
    );
    expect(response.body).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/London');
    expect(response.body).toMatch(/DTSTART;TZID=Europe\/London:20261027T100000/);

    const sessions = vevents(response.body);
    expect(sessions.map((session) => londonClock(session.start))).toEqual([
      '10:00',
      '10:00',
      '10:00',
    ]);
    expect(sessions.map((session) => session.start.toISOString())).toEqual([
      '2026-10-20T09:00:00.000Z',
      '2026-10-27T10:00:00.000Z',
      '2026-11-03T10:00:00.000Z',
    ]);
    const first = sessions[0];
    expect(first?.summary).toBe(TRICKY_TITLE);
    expect(first?.description).toContain('Line one,\nline two; with a backslash \\ too.');
    expect(first?.location).toContain('St Agnes Church Hall');
    const unfolded = response.body.replace(/\r\n[ \t]/g, '');
    expect(unfolded).toContain(`URL;VALUE=URI:http://localhost:3000/events?eventId=${pantry}`);
    // The calendar's name is text too: its comma, semicolon and backslash are escaped.
    expect(unfolded).toContain('X-WR-CALNAME:Tea\\, cake\\; and a chat\\\\ about "home"');
  });

  it('keeps every session UID the same between downloads, and different between sessions', async () => {
    const uids = async () =>
      vevents((await visitor().send('GET', `/api/events/${pantry}.ics`)).body).map((e) => e.uid);
    const first = await uids();
    expect(await uids()).toEqual(first);
    expect(new Set(first).size).toBe(3);
    expect(first[0]).toBe(`${pantry}.20261020T090000Z@locals-events`);
  });

  it('still gives the last session of an event that has passed', async () => {
    const response = await visitor().send('GET', `/api/events/${idOfTestEvent('last-week')}.ics`);
    expect(vevents(response.body).map((e) => e.start.toISOString())).toEqual([
      '2026-10-19T09:00:00.000Z',
    ]);
  });

  it('serves a feed of every session of the events a search finds', async () => {
    const response = await visitor().send(
      'GET',
      '/api/events/calendar.ics?location=BS1%204DJ&maxDistance=5&from=2026-10-26&to=2026-11-30',
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const sessions = vevents(response.body);
    expect(sessions.map((e) => e.start.toISOString())).toEqual([
      '2026-10-27T10:00:00.000Z',
      '2026-11-03T10:00:00.000Z',
    ]);

    const refused = await visitor().send('GET', '/api/events/calendar.ics?maxDistance=7');
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toContain('maxDistance');
  });
});
