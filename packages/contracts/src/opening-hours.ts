import type { OpeningSession, OpenState, WeeklyHours } from './opening-hours-contract';

/**
 * Opening hours: read on import, checked against the clock in Europe/London, written the way
 * GOV.UK writes times. Pure and dependency-free, because the web app imports it too.
 */

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const DAY_ABBREVIATIONS = DAY_NAMES.map((name) => name.slice(0, 3).toLowerCase());

/** Prefixes the source puts before its hours, and the note we keep for them. */
const NOTES: Record<string, string> = { staffed: 'Staffed hours' };

/** "Mon 09:00-17:00", or a run of days: "Mon-Fri 09:00-17:00", "Monday to Friday 09:00-17:00". */
const DAY_PART = /^([a-z]+)(?:\s*(?:-|–|to)\s*([a-z]+))?\s+(\d.*)$/i;
const RANGE = /^(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})$/;

function clockTime(hours: string, minutes: string, isClosing: boolean): string | null {
  const hour = Number(hours);
  const minute = Number(minutes);
  if (minute > 59 || hour > 24 || (hour === 24 && (minute > 0 || !isClosing))) return null;
  return `${String(hour).padStart(2, '0')}:${minutes}`;
}

/** The other ways people shorten a day's name, as written on notices. */
const OTHER_ABBREVIATIONS: Record<string, number> = { tues: 2, weds: 3, thur: 4, thurs: 4 };

function dayNumber(word: string): number | null {
  const lower = word.toLowerCase();
  const index = DAY_ABBREVIATIONS.findIndex(
    (abbreviation, n) => lower === abbreviation || lower === DAY_NAMES[n]!.toLowerCase(),
  );
  return index === -1 ? (OTHER_ABBREVIATIONS[lower] ?? null) : index + 1;
}

/** The days from `first` to `last`, going round the week: Sat-Mon is 6, 7, 1. */
function daysFrom(first: number, last: number): number[] {
  const days = [first];
  for (let day = first; day !== last;) {
    day = (day % 7) + 1;
    days.push(day);
  }
  return days;
}

function sessionsOfDays(part: string): OpeningSession[] | null {
  const match = DAY_PART.exec(part);
  const first = match ? dayNumber(match[1]!) : null;
  const last = match?.[2] === undefined ? first : dayNumber(match[2]);
  if (!match || first === null || last === null) return null;
  const times: { opens: string; closes: string }[] = [];
  for (const range of match[3]!.split(',')) {
    const read = RANGE.exec(range.trim());
    if (!read) return null;
    const opens = clockTime(read[1]!, read[2]!, false);
    const closes = clockTime(read[3]!, read[4]!, true);
    if (!opens || !closes || opens === closes) return null;
    times.push({ opens, closes });
  }
  return daysFrom(first, last).flatMap((day) => times.map((time) => ({ day, ...time })));
}

/**
 * Reads the public library format, "staffed: Mon 09:00-21:30; Tue 09:00-13:00,14:00-17:00; ...",
 * and what providers type into the listing form: a day or a run of days ("Mon-Fri") a line.
 * Days not listed are closed. Anything it cannot read completely gives null, never a guess.
 */
export function parseOpeningHours(text: string | null | undefined): WeeklyHours | null {
  let rest = text?.trim() ?? '';
  let note: string | null = null;
  const prefix = /^([a-z]+)\s*:\s*/i.exec(rest);
  if (prefix) {
    note = NOTES[prefix[1]!.toLowerCase()] ?? null;
    if (note === null) return null;
    rest = rest.slice(prefix[0].length);
  }
  const parts = rest
    .split(/[;\n]/)
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) return null;
  const sessions: OpeningSession[] = [];
  for (const part of parts) {
    const read = sessionsOfDays(part);
    if (!read) return null;
    sessions.push(...read);
  }
  sessions.sort((a, b) => a.day - b.day || a.opens.localeCompare(b.opens));
  return { note, sessions };
}

// The browser's and Node's time-zone database decide when the clocks change, not our code.
const LONDON = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The ISO weekday (1 Monday ... 7 Sunday) and 'HH:MM' on a clock in London at that instant. */
export function londonClock(date: Date): { day: number; time: string } {
  const parts = Object.fromEntries(
    LONDON.formatToParts(date).map((part) => [part.type, part.value]),
  );
  const day = DAY_ABBREVIATIONS.indexOf(String(parts.weekday).toLowerCase()) + 1;
  return { day, time: `${parts.hour}:${parts.minute}` };
}

function isOpenDuring(session: OpeningSession, day: number, time: string): boolean {
  if (session.closes > session.opens) {
    return session.day === day && time >= session.opens && time < session.closes;
  }
  // Closes at or before it opens: runs past midnight into the next day.
  const nextDay = (session.day % 7) + 1;
  return (
    (session.day === day && time >= session.opens) || (nextDay === day && time < session.closes)
  );
}

/** 'open' or 'closed' only when structured hours say so; 'unknown' otherwise. */
export function openStateAt(hours: WeeklyHours | null | undefined, date: Date): OpenState {
  if (!hours || hours.sessions.length === 0) return 'unknown';
  const { day, time } = londonClock(date);
  return hours.sessions.some((session) => isOpenDuring(session, day, time)) ? 'open' : 'closed';
}

/** GOV.UK style: "9am", "5:30pm", "midday", "midnight". */
export function formatTime(time: string): string {
  const [hours = '0', minutes = '00'] = time.split(':');
  const hour = Number(hours);
  if (minutes === '00' && (hour === 0 || hour === 24)) return 'midnight';
  if (minutes === '00' && hour === 12) return 'midday';
  const suffix = hour >= 12 && hour < 24 ? 'pm' : 'am';
  const clock = hour % 12 === 0 ? 12 : hour % 12;
  return minutes === '00' ? `${clock}${suffix}` : `${clock}:${minutes}${suffix}`;
}

function joinWithAnd(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

function dayRange(first: number, last: number): string {
  const from = DAY_NAMES[first - 1]!;
  const to = DAY_NAMES[last - 1]!;
  if (first === last) return from;
  return last === first + 1 ? `${from} and ${to}` : `${from} to ${to}`;
}

/**
 * One line per run of consecutive days with the same hours, Monday first:
 * "Monday to Friday: 9am to 5pm", "Saturday: 9am to 1pm and 2pm to 5pm", "Sunday: closed".
 */
export function formatOpeningLines(hours: WeeklyHours | null | undefined): string[] {
  if (!hours || hours.sessions.length === 0) return [];
  const perDay = DAY_NAMES.map((_name, index) => {
    const sessions = hours.sessions.filter((session) => session.day === index + 1);
    if (sessions.length === 0) return 'closed';
    return joinWithAnd(
      sessions.map((session) => `${formatTime(session.opens)} to ${formatTime(session.closes)}`),
    );
  });
  const lines: string[] = [];
  let start = 0;
  for (let day = 1; day <= perDay.length; day += 1) {
    if (day < perDay.length && perDay[day] === perDay[start]) continue;
    lines.push(`${dayRange(start + 1, day)}: ${perDay[start]}`);
    start = day;
  }
  return lines;
}

/** The note first, then the lines: "Staffed hours: Monday to Friday: 9am to 5pm; Saturday: closed". */
export function formatOpeningHours(hours: WeeklyHours | null | undefined): string {
  const lines = formatOpeningLines(hours).join('; ');
  return hours?.note && lines ? `${hours.note}: ${lines}` : lines;
}
