import { eventCategoryLabel } from '@locals/contracts/event-categories';
import type { Event, Occurrence } from '@locals/contracts/events';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { escape, ICalEvent, ICalEventStatus, type ICalEventData } from 'ical-generator';
import { foldLines } from './fold-lines';
import { inLondon, LONDON } from '../../capabilities/london-time';

export type CalendarEntry = { event: Event; sessions: readonly Occurrence[] };

export type CalendarOptions = {
  publicUrl: string;
  now: Date;
  /** Sessions stop being added once the text would pass this size. */
  maxBytes?: number;
  description?: string;
};

/**
 * An RFC 5545 calendar of events, one VEVENT per session. Times are written in London time
 * with a TZID and the Europe/London VTIMEZONE (a phone then shows 10:00 as 10:00 on both sides
 * of the clock change); ical-generator escapes the text and folds the lines.
 *
 * Each session's UID is the event's id and the session's start, so a calendar that subscribed
 * to the feed updates a session it already has instead of adding it again.
 *
 * It stops adding sessions once the text would pass `maxBytes` (decision 033): `complete` says
 * whether every session given is in it. A whole feed takes a few hundred milliseconds of CPU, so
 * the API writes feeds on a thread of their own (calendar-thread.ts); one event's file is small
 * enough to write in place.
 */
export function eventCalendar(
  name: string,
  entries: readonly CalendarEntry[],
  options: CalendarOptions,
): { body: string; sessions: number; complete: boolean } {
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
  /** Each session's VEVENT, folded: written once, to measure it and to send it. */
  const vevents: string[] = [];
  add: for (const { event, sessions } of entries) {
    const link = `${publicUrl}/events?eventId=${encodeURIComponent(event.id)}`;
    for (const session of sessions) {
      const startsAt = new Date(session.startsAt);
      const endsAt = session.endsAt ? new Date(session.endsAt) : null;
      const data: ICalEventData = {
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
        // A whole event called off, or this one date of it (decision 038): a calendar that has
        // the session marks it cancelled instead of it vanishing.
        status:
          event.cancelled || session.dateCancelled
            ? ICalEventStatus.CANCELLED
            : ICalEventStatus.CONFIRMED,
      };
      // Only the first session joins the calendar: with it the calendar writes its VTIMEZONE.
      const vevent = written === 0 ? calendar.createEvent(data) : new ICalEvent(data, calendar);
      const text = foldLines(vevent.toString());
      bytes += Buffer.byteLength(text);
      if (bytes > maxBytes && written > 0) {
        complete = false;
        break add;
      }
      vevents.push(text);
      written += 1;
    }
  }
  return { body: withEvents(calendar.toString(), vevents), sessions: written, complete };
}

/**
 * The calendar's text (holding only the first VEVENT) with every VEVENT in its place: joined
 * from the pieces already written and measured, not written again. Lines are folded one by one,
 * so folded pieces join as the whole.
 */
function withEvents(shell: string, vevents: readonly string[]): string {
  if (vevents.length <= 1) return shell;
  const begin = shell.indexOf('BEGIN:VEVENT\r\n');
  const endLine = 'END:VEVENT\r\n';
  const end = shell.indexOf(endLine, begin) + endLine.length;
  return shell.slice(0, begin) + vevents.join('') + shell.slice(end);
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
