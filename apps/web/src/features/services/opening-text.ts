import { formatOpeningLines, formatTime, londonClock } from '@locals/contracts/opening-hours';
import type { OpenState, WeeklyHours } from '@locals/contracts/opening-hours-contract';
import type { ServiceSummary } from '@locals/contracts/search';

/** The words say the state, so it never rests on colour alone. */
export const OPEN_STATE_TEXT: Record<OpenState, string> = {
  open: 'Open now',
  closed: 'Closed now',
  unknown: 'Opening hours not known',
};

/**
 * The server's answer (Europe/London, at the time of the search). A demo listing has no real
 * hours, whatever it carries.
 */
export function shownOpenState(service: Pick<ServiceSummary, 'isDemo' | 'openState'>): OpenState {
  return service.isDemo ? 'unknown' : service.openState;
}

/**
 * The week as GOV.UK writes it, one line per run of days ("Monday to Friday: 9am to 5:30pm").
 * Hours the server could not structure arrive as text only; each of its parts is a line.
 */
export function openingHoursLines(
  service: Pick<ServiceSummary, 'openingHours' | 'weeklyHours'>,
): string[] {
  if (service.weeklyHours && service.weeklyHours.sessions.length > 0) {
    return formatOpeningLines(service.weeklyHours);
  }
  return (service.openingHours ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** Today's hours in London, for a card: "Today: 9am to 5:30pm", or "Today: closed". */
export function todaysHours(hours: WeeklyHours | null, now: Date): string | null {
  if (!hours || hours.sessions.length === 0) return null;
  const { day } = londonClock(now);
  const sessions = hours.sessions.filter((session) => session.day === day);
  if (sessions.length === 0) return 'Today: closed';
  const times = sessions.map(
    (session) => `${formatTime(session.opens)} to ${formatTime(session.closes)}`,
  );
  return `Today: ${times.join(' and ')}`;
}
