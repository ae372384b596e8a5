import type { EventSubmission } from '@locals/contracts/organiser-events';
import { repeatDays } from '@locals/contracts/organiser-events';
import type { NewOccurrence } from '@locals/db/events';
import { Temporal } from 'temporal-polyfill';
import { LONDON, londonMidnight, nextDay } from '../../capabilities/london-time';

/** As a feed's sessions are bounded (decision 033). */
export const MAX_SESSIONS = 400;

/**
 * The sessions a submitted event has: each of its days (the repeat expanded, excepted dates left
 * out) at its London times. An all-day session runs from midnight to the next; a session with no
 * end time has no end (the search counts it as an hour).
 */
export function sessionsOfSubmission(submission: EventSubmission): NewOccurrence[] {
  return repeatDays(submission.date, submission.repeat, MAX_SESSIONS).map((day) => {
    if (submission.allDay) {
      return { startsAt: londonMidnight(day), endsAt: londonMidnight(nextDay(day)), allDay: true };
    }
    return {
      startsAt: atLondon(day, submission.startTime ?? '00:00'),
      endsAt: submission.endTime ? atLondon(day, submission.endTime) : null,
      allDay: false,
    };
  });
}

function atLondon(day: string, time: string): Date {
  const zoned = Temporal.PlainDateTime.from(`${day}T${time}`).toZonedDateTime(LONDON);
  return new Date(zoned.epochMilliseconds);
}
