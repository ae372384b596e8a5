import { eventCategoryLabel } from '@locals/contracts/event-categories';
import type { Event, Occurrence } from '@locals/contracts/events';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { escape, ICalEventStatus } from 'ical-generator';
import { inLondon, LONDON } from './london-time';

export type CalendarEntry = { event: Event; sessions: readonly Occurrence[] };

/** Sessions written between two turns of the event loop, so other requests are answered. */
const SESSIONS_PER_TURN = 50;

/**
 * An RFC 5545 calendar of events, one VEVENT per session. Times are written in London time
 * with a TZID and the Europe/London VTIMEZONE (a phone then shows 10:00 as 10:00 on both sides
 * of the clock change); ical-generator escapes the text and folds the lines.
 *
 * Each session's UID is the event's id and the session's start, so a calendar that subscribed
 * to the feed updates a session it already has instead of adding it again.
 *
 * It is built a few sessions at a time, yielding to the event loop between them, and stops
 * adding sessions once the text would pass `maxBytes` (issue 25): `complete` says whether every
 * session given is in it.
 */
export async function eventCalendar(
  name: string,
  entries: readonly CalendarEntry[],
  options: { publicUrl: string; now: Date; maxBytes?: number; description?: string },
): Promise<{ body: string; sessions: number; complete: boolean }> {
  const { publicUrl, now, maxBytes = Infinity } = options;
  const calendar = ical({
    // ical-generator escapes event text but writes the calendar's name as it is given.
    name: escape(name, false),
    ...(options.description ? { description: escape(options.description, false) } : {}),
    prodId: { company: 'Locals', product: 'Community events', language: 'EN' },
    // A generator without a calendar-wide zone: each event names Europe/London itself, so
    // DTSTAMP stays in UTC as RFC 5545 requires.
    timezone: { name: null, generator: getVtimezoneComponent },
  });
  // The calendar's own lines and its VTIMEZONE: a few KB.
  let bytes = 4096;
  let written = 0;
  let complete = true;
  add: for (const { event, sessions } of entries) {
    const link = `${publicUrl}/events?eventId=${encodeURIComponent(event.id)}`;
    for (const session of sessions) {
      if (written > 0 && written % SESSIONS_PER_TURN === 0) await nextTurn();
      const startsAt = new Date(session.startsAt);
      const endsAt = session.endsAt ? new Date(session.endsAt) : null;
      const vevent = calendar.createEvent({
        id: `${event.id}.${compactUtc(startsAt)}@locals-events`,
        stamp: now,
        timezone: LONDON,
        allDay: session.allDay,
        start: session.allDay ? inLondon(startsAt).toPlainDate() : inLondon(startsAt),
        end: endsAt ? (session.allDay ? inLondon(endsAt).toPlainDate() : inLondon(endsAt)) : null,
        summary: event.isDemo ? `${event.title} (example event)` : event.title,
        description: describe(event, link),
        location: {
          title: event.location.venue,
          address: [event.location.address, event.location.postcode].filter(Boolean).join(', '),
          geo: { lat: event.location.coordinates.lat, lon: event.location.coordinates.lng },
        },
        url: link,
        categories: [
          { name: eventCategoryLabel(event.category) ?? event.category },
          ...event.tags.map((tag) => ({ name: tag })),
        ],
        ...(event.organizer.email && event.organizer.name
          ? { organizer: { name: event.organizer.name, email: event.organizer.email } }
          : {}),
        status: event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      });
      bytes += Buffer.byteLength(vevent.toString());
      if (bytes > maxBytes && written > 0) {
        // The list the calendar holds (events() with a list would add to it, not replace it).
        calendar.events().pop();
        complete = false;
        break add;
      }
      written += 1;
    }
  }
  return { body: calendar.toString(), sessions: written, complete };
}

function describe(event: Event, link: string): string {
  return [
    event.isDemo ? 'An example event from Locals, not a real one.' : null,
    event.description,
    event.registrationRequired
      ? `Registration required${event.registrationLink ? `: ${event.registrationLink}` : '.'}`
      : 'Drop-in welcome.',
    event.organizer.name ? `Organised by ${event.organizer.name}.` : null,
    event.organizer.phone ? `Phone: ${event.organizer.phone}` : null,
    `Details: ${link}`,
  ]
    .filter(Boolean)
    .join('\n\n');
}

/** 20261201T100000Z: part of a session's UID. */
function compactUtc(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}
