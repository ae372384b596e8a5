import { formatPostcode, isFullPostcode } from '@locals/contracts/postcode';
import type { NewOccurrence } from '@locals/db/events';
import { ALL_PAST, BEYOND_HORIZON, type DraftResult, type Place } from './event-draft';
import { parseFeedDate } from '../../capabilities/london-time';
import { placeOfLocation } from './placement';
import { listOf, objectOf, textOf, type Json } from './openactive-json';
import { scheduleProblem, scheduleRule, scheduleSessions } from './openactive-schedule';
import { recurrenceText } from './recurrence-text';
import { soonestSessions } from './session-limits';

const CANCELLED = /EventCancelled$/;

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

  const schedule = objectOf(listOf(pick('eventSchedule'))[0]);
  const dated = datesOf(session, schedule, window);
  if ('rejected' in dated) return { label, rejected: dated.rejected };
  const { sessions: occurrences, cut } = soonestSessions(
    dated.sessions.filter(({ startsAt }) => startsAt >= window.from && startsAt < window.to),
  );
  if (occurrences.length === 0) {
    const later =
      dated.sessions.some(({ startsAt }) => startsAt >= window.to) ||
      (parseFeedDate(textOf(schedule?.startDate))?.at ?? window.from) >= window.to;
    return { label, skipped: later ? BEYOND_HORIZON : ALL_PAST };
  }

  const url = textOf(pick('url')) || null;
  const hasOffers = [pick('offers'), pick('offer')].some((offers) =>
    Array.isArray(offers) ? offers.length > 0 : objectOf(offers) !== null,
  );
  const organizer = objectOf(pick('organizer')) ?? {};
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
      sessionsCut: cut,
    },
  };
}

/**
 * The item's own start (a ScheduledSession), else its subEvents' (cancelled ones left out),
 * else, for a series that publishes only its schedule, the schedule's sessions in the window.
 */
function datesOf(
  session: Json,
  schedule: Json | null,
  window: { from: Date; to: Date },
): { sessions: NewOccurrence[] } | { rejected: string } {
  const dated = session.startDate ? [session] : listOf(session.subEvent).flatMap(objectOrNone);
  if (dated.length === 0) {
    const problem = schedule ? scheduleProblem(schedule, window.from) : null;
    if (problem) return { rejected: problem };
    const sessions = schedule ? scheduleSessions(schedule, window) : null;
    return sessions
      ? { sessions }
      : {
          rejected:
            'no session dates (startDate, subEvent, or eventSchedule with startDate and startTime)',
        };
  }
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
  const rule = scheduleRule(schedule);
  if (!rule || !firstStart) return null;
  const parts = [`FREQ=${rule.freq}`, `INTERVAL=${rule.interval}`];
  if (rule.byDay.length > 0) parts.push(`BYDAY=${rule.byDay.join(',')}`);
  return recurrenceText(`RRULE:${parts.join(';')}`, firstStart);
}

/** An activity or accessibility list: Concepts with a prefLabel, or plain words. */
function labelsOf(value: unknown): string[] {
  const labels = listOf(value).map((entry) => textOf(objectOf(entry)?.prefLabel ?? entry));
  return [...new Set(labels.filter(Boolean))];
}

function objectOrNone(value: unknown): Json[] {
  const object = objectOf(value);
  return object ? [object] : [];
}
