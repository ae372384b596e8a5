import type { Event, Occurrence } from '@locals/contracts/events';
import { afterEach, describe, expect, it } from 'vitest';
import { createCalendarThread } from './calendar-thread';
import { eventCalendar, type CalendarEntry } from './event-calendar';

const NOW = new Date('2026-10-20T09:00:00Z');
const HOUR = 60 * 60 * 1000;

/** A group that meets every hour: `count` sessions from 10:00 on 20 October 2026. */
function hourly(count: number): CalendarEntry {
  const sessions: Occurrence[] = Array.from({ length: count }, (_, index) => {
    const startsAt = new Date(Date.parse('2026-10-20T09:00:00Z') + index * HOUR);
    return {
      date: startsAt.toISOString().slice(0, 10),
      time: null,
      endTime: null,
      allDay: false,
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + HOUR / 2).toISOString(),
      dateCancelled: false,
    };
  });
  const event: Event = {
    ...sessions[0]!,
    id: 'test.hourly',
    title: 'Every hour',
    description: 'A drop-in that meets every hour.',
    category: 'wellbeing',
    location: {
      venue: 'Bristol Central Library',
      address: 'College Green, Bristol',
      postcode: 'BS1 5TL',
      coordinates: { lat: 51.4522, lng: -2.6006 },
    },
    organizer: { name: 'Library team', email: 'library@example.org', phone: '0117 000 0000' },
    registrationRequired: false,
    registrationLink: null,
    website: null,
    accessibility: [],
    tags: ['drop-in'],
    recurrence: 'Every hour',
    cancelled: false,
    passed: false,
    distanceMiles: null,
    isDemo: false,
    provenance: { source: 'test', sourceName: null, licence: 'OGL-UK-3.0' },
    createdAt: NOW.toISOString(),
    updatedAt: NOW.toISOString(),
  };
  return { event, sessions };
}

describe('createCalendarThread', () => {
  const thread = createCalendarThread();
  afterEach(() => thread.close());
  const options = { publicUrl: 'http://localhost:3000', now: NOW, maxBytes: 1_000_000 };

  it('writes the same feed as in place, while the API thread goes on answering', async () => {
    const entries = [hourly(1000)];
    let turnsMeanwhile = 0;
    let finished = false;
    const tick = () => {
      turnsMeanwhile += 1;
      if (!finished) setImmediate(tick);
    };
    setImmediate(tick);
    const built = await thread.build('Locals community events', entries, options);
    finished = true;

    expect(built).toEqual(eventCalendar('Locals community events', entries, options));
    expect(built.sessions).toBe(1000);
    // Written in place, the feed would hold this thread from start to end: not one turn.
    expect(turnsMeanwhile).toBeGreaterThan(10);
  });

  it('fails the feeds of a thread that stops, and starts a new thread for the next', async () => {
    const stopped = thread.build('Cut off', [hourly(1000)], options);
    await thread.close();
    await expect(stopped).rejects.toThrow(/calendar thread stopped/);

    const next = await thread.build('Next', [hourly(2)], options);
    expect(next).toMatchObject({ sessions: 2, complete: true });
  });
});
