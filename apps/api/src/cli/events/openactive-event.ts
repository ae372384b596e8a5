import { formatPostcode, isFullPostcode } from '@locals/contracts/postcode';
import type { NewOccurrence } from '@locals/db/events';
import { ALL_PAST, BEYOND_HORIZON, type DraftResult, type Place } from './event-draft';
import { parseFeedDate } from './london-time';
import { placeOfLocation } from './placement';
import { recurrenceText } from './recurrence-text';

type Json = Record<string, unknown>;

const CANCELLED = /EventCancelled$/;
const FREQUENCIES: Record<string, string> = { D: 'DAILY', W: 'WEEKLY', M: 'MONTHLY' };

/**
 * An OpenActive session (`updated` item data) as an event: a ScheduledSession, or a
 * SessionSeries or Event whose sessions are its `subEvent`s, as the published feeds have them.
 * What it belongs to (`superEvent`) fills in the name, place, organiser and activity.
 */
export function readOpenActiveItem(
  id: string,
  data: unknown,
  window: { from: Date; to: Date },
): DraftResult {
  const session = objectOf(data) ?? {};
  const series = objectOf(session.superEvent) ?? {};
  const pick = (key: string) => session[key] ?? series[key];
  const title = textOf(session.name) || textOf(series.name);
  const label = title ? `'${title}', id ${id}` : `id ${id}`;
  if (!title) return { label, rejected: 'no name' };

  const dated = datesOf(session);
  if ('rejected' in dated) return { label, rejected: dated.rejected };
  if (dated.sessions.length === 0) {
    return { label, rejected: 'no session dates (startDate, or subEvent with startDate)' };
  }
  const occurrences = dated.sessions.filter(
    ({ startsAt }) => startsAt >= window.from && startsAt < window.to,
  );
  if (occurrences.length === 0) {
    const later = dated.sessions.some(({ startsAt }) => startsAt >= window.to);
    return { label, skipped: later ? BEYOND_HORIZON : ALL_PAST };
  }

  const url = textOf(pick('url')) || null;
  const hasOffers = [pick('offers'), pick('offer')].some((offers) =>
    Array.isArray(offers) ? offers.length > 0 : objectOf(offers) !== null,
  );
  const organizer = objectOf(pick('organizer')) ?? {};
  const schedule = objectOf(pick('eventSchedule')) ?? objectOf(listOf(pick('eventSchedule'))[0]);
  return {
    draft: {
      label,
      event: {
        sourceUid: id,
        title,
        description: textOf(session.description) || textOf(series.description),
        category: 'wellbeing',
        organizerName: textOf(organizer.name),
        organizerEmail: textOf(organizer.email) || null,
        organizerPhone: textOf(organizer.telephone) || null,
        registrationRequired: url !== null || hasOffers,
        registrationLink: url,
        website: url,
        accessibility: labelsOf(pick('accessibilitySupport')),
        tags: labelsOf(pick('activity')),
        recurrence: schedule ? scheduleText(schedule, occurrences[0]?.startsAt) : null,
        cancelled: CANCELLED.test(textOf(session.eventStatus)),
        occurrences,
      },
      place: placeOf(objectOf(pick('location'))),
    },
  };
}

/** The item's own start (a ScheduledSession), else its subEvents', cancelled ones left out. */
function datesOf(session: Json): { sessions: NewOccurrence[] } | { rejected: string } {
  const dated = session.startDate ? [session] : listOf(session.subEvent).flatMap(objectOrNone);
  const sessions: NewOccurrence[] = [];
  for (const entry of dated) {
    if (CANCELLED.test(textOf(entry.eventStatus)) && entry !== session) continue;
    const start = parseFeedDate(textOf(entry.startDate));
    if (!start) return { rejected: `startDate '${textOf(entry.startDate)}' is not a date` };
    const end = entry.endDate ? parseFeedDate(textOf(entry.endDate)) : null;
    sessions.push({
      startsAt: start.at,
      endsAt: end && end.at > start.at ? end.at : null,
      allDay: start.allDay,
    });
  }
  return { sessions };
}

/** A Place with a PostalAddress, or with the address as one line (both are published). */
function placeOf(location: Json | null): Place {
  const venue = textOf(location?.name);
  const address = location?.address;
  const postal = objectOf(address);
  if (!postal) {
    const line = placeOfLocation(textOf(address));
    const parts = line.address ? [line.venue, line.address] : [line.venue];
    return {
      venue: venue || line.venue,
      address: parts.filter((part) => part && part !== venue).join(', '),
      postcode: line.postcode,
    };
  }
  const postcode = textOf(postal.postalCode);
  return {
    venue,
    address: ['streetAddress', 'addressLocality', 'addressRegion']
      .map((key) => textOf(postal[key]))
      .filter(Boolean)
      .join(', '),
    postcode: isFullPostcode(postcode) ? formatPostcode(postcode) : null,
  };
}

/** "Every Monday" from a Schedule's repeatFrequency (P1W) and byDay (schema.org day URLs). */
function scheduleText(schedule: Json, firstStart: Date | undefined): string | null {
  const frequency = /^P(\d+)([DWM])$/.exec(textOf(schedule.repeatFrequency) || 'P1W');
  const days = listOf(schedule.byDay)
    .map((day) =>
      textOf(day)
        .replace(/^.*[/#]/, '')
        .slice(0, 2)
        .toUpperCase(),
    )
    .filter(Boolean);
  if (!frequency || !firstStart) return null;
  const parts = [`FREQ=${FREQUENCIES[frequency[2] ?? 'W']}`, `INTERVAL=${frequency[1]}`];
  if (days.length > 0) parts.push(`BYDAY=${days.join(',')}`);
  return recurrenceText(`RRULE:${parts.join(';')}`, firstStart);
}

/** An activity or accessibility list: Concepts with a prefLabel, or plain words. */
function labelsOf(value: unknown): string[] {
  const labels = listOf(value).map((entry) => textOf(objectOf(entry)?.prefLabel ?? entry));
  return [...new Set(labels.filter(Boolean))];
}

function objectOf(value: unknown): Json | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Json)
    : null;
}

function objectOrNone(value: unknown): Json[] {
  const object = objectOf(value);
  return object ? [object] : [];
}

function listOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value as unknown[];
  return value === undefined || value === null ? [] : [value];
}

function textOf(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}
