import { LONDON } from '../../capabilities/london-time';

/**
 * One event of a feed as iCalendar text of its own: its VEVENT and any RECURRENCE-ID overrides
 * (same UID), with the feed's VTIMEZONEs. node-ical throws on the first bad rule it meets, so
 * reading events one by one lets a feed's other events import when one of them is broken.
 */
export type IcsEntry = {
  uid: string | null;
  /** Line of the file where its first VEVENT begins. */
  line: number;
  /** Its SUMMARY as written (escapes kept), for naming it in the report before it is parsed. */
  rawSummary: string | null;
  calendar: string;
  /** A problem found in its text that the library would pass over silently. */
  problem: string | null;
};

/**
 * Where a feed's text shows it was cut short: an event with no END:VEVENT (named by the line it
 * begins on), or no END:VCALENDAR after the last event (named by the file's last line).
 */
export type IcsCut = { openEventLine: number } | { lastLine: number };

type Line = { number: number; text: string };
type Property = { name: string; params: string[]; value: string };

const DATE_PROPERTIES = new Set(['DTSTART', 'DTEND', 'EXDATE', 'RDATE', 'RECURRENCE-ID']);
const FLOATING = /^\d{8}T\d{6}(,\d{8}T\d{6})*$/;

/**
 * Splits a feed into its events; the calendar's name (X-WR-CALNAME) when it has one, and where
 * it was cut short when it was.
 */
export function splitIcsFeed(text: string): {
  entries: IcsEntry[];
  calendarName: string | null;
  cut: IcsCut | null;
} {
  const lines = unfold(text);
  const preamble: string[] = [];
  const blocks: Line[][] = [];
  let block: Line[] | null = null;
  for (const line of lines) {
    const upper = line.text.toUpperCase();
    if (upper === 'BEGIN:VEVENT' && !block) block = [];
    if (block) block.push(line);
    else if (upper !== 'BEGIN:VCALENDAR' && upper !== 'END:VCALENDAR') preamble.push(line.text);
    if (upper === 'END:VEVENT' && block) {
      blocks.push(block);
      block = null;
    }
  }
  const zones = new Set(
    preamble.flatMap((line) => {
      const property = parseProperty(line);
      return property?.name === 'TZID' ? [property.value] : [];
    }),
  );
  const groups = new Map<string, Line[][]>();
  for (const [index, lines] of blocks.entries()) {
    const key = valueOf(lines, 'UID') ?? `\u0000${index}`;
    groups.set(key, [...(groups.get(key) ?? []), lines]);
  }
  const head = ['BEGIN:VCALENDAR', ...preamble];
  const entries = [...groups.values()].map((group): IcsEntry => {
    const first = group[0] ?? [];
    const main = group.find((lines) => valueOf(lines, 'RECURRENCE-ID') === null) ?? first;
    const body = group.flatMap((lines) => lines.map(({ text }) => floatingAsLondon(text)));
    return {
      uid: valueOf(first, 'UID'),
      line: first[0]?.number ?? 0,
      rawSummary: valueOf(main, 'SUMMARY'),
      calendar: [...head, ...body, 'END:VCALENDAR'].join('\r\n'),
      problem: group.map((lines) => dateProblemOf(lines, zones)).find(Boolean) ?? null,
    };
  });
  const calendarName = preamble.map(parseProperty).find((p) => p?.name === 'X-WR-CALNAME');
  return {
    entries,
    calendarName: calendarName?.value.trim() || null,
    cut: cutOf(lines, text.trimEnd().split(/\r\n|\n|\r/).length),
  };
}

/**
 * A calendar cut off in transfer still splits into the events before the cut, and importing those
 * would remove every event after it (decision 029). Such a file is recognised by its ends.
 */
function cutOf(lines: Line[], lastLine: number): IcsCut | null {
  let openEvent: Line | null = null;
  let isClosed = false;
  for (const line of lines) {
    const upper = line.text.toUpperCase();
    if (upper === 'BEGIN:VEVENT') {
      // VEVENTs do not nest (RFC 5545 3.6.1): a second BEGIN means the first was cut short.
      if (openEvent) return { openEventLine: openEvent.number };
      openEvent = line;
      isClosed = false;
    } else if (upper === 'END:VEVENT') {
      openEvent = null;
    } else if (upper === 'END:VCALENDAR' && !openEvent) {
      isClosed = true;
    }
  }
  if (openEvent) return { openEventLine: openEvent.number };
  return isClosed ? null : { lastLine };
}

/** RFC 5545 3.1: a line starting with a space or tab continues the one before. */
function unfold(text: string): Line[] {
  const lines: Line[] = [];
  for (const [index, raw] of text.split(/\r\n|\n|\r/).entries()) {
    const previous = lines.at(-1);
    if (previous && (raw.startsWith(' ') || raw.startsWith('\t'))) previous.text += raw.slice(1);
    else if (raw.trim() !== '') lines.push({ number: index + 1, text: raw });
  }
  return lines.map((line) => ({ ...line, text: withoutUnicodeBreaks(line.text) }));
}

/**
 * node-ical reads a property as /^NAME...:(.*)$/, and `.` stops at U+2028 and U+2029, which
 * JavaScript counts as line ends: the property was dropped, and a title with one in it became
 * "no SUMMARY" (see import-ical.test.ts). A description keeps them as the line breaks they are
 * (\n); any other value is one line, so they become spaces.
 */
function withoutUnicodeBreaks(line: string): string {
  const lineBreak = /^DESCRIPTION[;:]/i.test(line) ? '\\n' : ' ';
  return line.replace(/[\u2028\u2029]/g, lineBreak);
}

/** NAME;PARAM=...;PARAM="a:b":value — the value starts at the first colon outside quotes. */
function parseProperty(line: string): Property | null {
  let quoted = false;
  for (let at = 0; at < line.length; at += 1) {
    const char = line[at];
    if (char === '"') quoted = !quoted;
    else if (char === ':' && !quoted) {
      const [name = '', ...params] = line.slice(0, at).split(';');
      return { name: name.toUpperCase(), params, value: line.slice(at + 1) };
    }
  }
  return null;
}

/** The value of a VEVENT's own property (not of an alarm inside it). */
function valueOf(lines: Line[], name: string): string | null {
  let depth = 0;
  for (const { text } of lines) {
    const upper = text.toUpperCase();
    if (upper.startsWith('BEGIN:')) depth += 1;
    else if (upper.startsWith('END:')) depth -= 1;
    else if (depth === 1) {
      const property = parseProperty(text);
      if (property?.name === name) return property.value.trim();
    }
  }
  return null;
}

/**
 * A time with neither a zone nor Z is "floating" (RFC 5545 3.3.5): the host's zone, to the
 * library. Ours is London, so it is given that TZID, and recurrences keep its wall-clock time.
 */
function floatingAsLondon(line: string): string {
  const property = parseProperty(line);
  if (!property || !DATE_PROPERTIES.has(property.name) || !FLOATING.test(property.value)) {
    return line;
  }
  if (property.params.some((param) => /^(TZID|VALUE)=/i.test(param))) return line;
  return [property.name, ...property.params, `TZID=${LONDON}`].join(';') + `:${property.value}`;
}

/**
 * node-ical turns a month 13 into next year and reads an unknown zone as UTC, so the start and
 * end are checked as written.
 */
function dateProblemOf(lines: Line[], zones: ReadonlySet<string>): string | null {
  for (const name of ['DTSTART', 'DTEND', 'RECURRENCE-ID']) {
    const property = lines
      .map((line) => parseProperty(line.text))
      .find((candidate) => candidate?.name === name);
    if (!property) continue;
    const value = property.value.trim();
    if (!isIcsDate(value)) return `${name} '${value}' is not a date`;
    const zone = property.params
      .find((param) => /^TZID=/i.test(param))
      ?.slice(5)
      .replace(/^"|"$/g, '');
    if (zone && !zones.has(zone) && !isTimeZone(zone)) {
      return `${name} has an unknown time zone '${zone}'`;
    }
  }
  return null;
}

function isIcsDate(value: string): boolean {
  const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z?)?$/i.exec(value);
  if (!match) return false;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = match
    .slice(1)
    .map((part) => Number(part ?? 0));
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 61
  );
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
