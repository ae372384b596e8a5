import type { EventCategoryId } from '@locals/contracts/event-categories';
import type { NewOccurrence } from '@locals/db/events';
import ical, { type EventInstance, type ParameterValue, type VEvent } from 'node-ical';
import { ALL_PAST, BEYOND_HORIZON, type DraftResult, type EventDraft } from './event-draft';
import { categoryFromWords } from './event-category';
import type { IcsEntry } from './ics-feed';
import { londonMidnightOf } from '../../capabilities/london-time';
import { placeOfLocation } from './placement';
import { recurrenceText } from './recurrence-text';
import {
  reachProblem,
  ruleParts,
  ruleProblem,
  SESSIONS_PER_EVENT,
  soonestSessions,
  type RuleParts,
} from './session-limits';

type IcalOptions = {
  /** For events whose CATEGORIES name none of ours (--category). */
  category?: EventCategoryId;
  window: { from: Date; to: Date };
};

const NO_CATEGORY = 'no category we know; pass --category';
/** A booking is needed when the organiser says so in words (or in an X-property). */
const BOOKING_PHRASE =
  /\b(booking|registration|pre-?registration)\s+(is\s+)?(required|essential|needed)\b/i;
const DAY_MS = 24 * 60 * 60 * 1000;

/** One event of an iCalendar feed (RFC 5545), its sessions expanded by node-ical. */
export function readIcalEvent(entry: IcsEntry, options: IcalOptions): DraftResult {
  const title = unescapeText(entry.rawSummary ?? '').trim();
  const label = title ? `'${title}', line ${entry.line}` : `line ${entry.line}`;
  if (!entry.uid) {
    return { label, rejected: 'no UID: a re-import needs it to find the event again' };
  }
  if (entry.problem) return { label, rejected: entry.problem };
  // The rule is read as text and refused before the library expands anything (decision 033), so a
  // file of rules repeating every second to the year 9999 is turned away in moments.
  const rules = (entry.calendar.match(/^RRULE[;:].*$/gim) ?? []).map((line) =>
    ruleParts(line.replace(/^RRULE[^:]*:/i, '')),
  );
  for (const rule of rules) {
    const problem = ruleProblem(rule, (freq) => `FREQ=${freq}`);
    if (problem) return { label, rejected: problem };
  }
  try {
    return readParsed(parseEvent(entry.calendar), label, { ...options, rule: rules[0] ?? null });
  } catch (error) {
    // The library's words for a rule it cannot read, e.g. "Invalid FREQ value: SOMETIMES".
    const message = error instanceof Error ? error.message : String(error);
    return { label, rejected: `cannot be read: ${message}` };
  }
}

function parseEvent(calendar: string): VEvent | undefined {
  return Object.values(ical.sync.parseICS(calendar)).find(
    (component): component is VEvent => component?.type === 'VEVENT' && !component.recurrenceid,
  );
}

function readParsed(
  event: VEvent | undefined,
  label: string,
  options: IcalOptions & { rule: RuleParts | null },
): DraftResult {
  if (!event) return { label, rejected: 'has only changes to single sessions, no event' };
  const title = textOf(event.summary).trim();
  if (!title) return { label, rejected: 'no SUMMARY: it needs a title' };
  if (!(event.start instanceof Date)) return { label, rejected: 'no DTSTART: it needs a start' };

  const unreachable =
    event.rrule && options.rule
      ? reachProblem(options.rule, event.start, options.window.from)
      : null;
  if (unreachable) return { label, rejected: unreachable };

  const { sessions: occurrences, cut } = sessionsOf(event, options.window, options.rule);
  if (occurrences.length === 0) {
    const later = event.rrule ? event.rrule.after(options.window.to) : event.start;
    return { label, skipped: later && later > options.window.to ? BEYOND_HORIZON : ALL_PAST };
  }
  const categories = (event.categories ?? []).map((word) => word.trim()).filter(Boolean);
  const category = categoryFromWords(categories) ?? options.category;
  if (!category) return { label, rejected: NO_CATEGORY };
  return {
    draft: {
      ...draftOf(event, { label, title, category, categories, occurrences }),
      sessionsCut: cut,
    },
  };
}

function draftOf(
  event: VEvent,
  fields: {
    label: string;
    title: string;
    category: EventCategoryId;
    categories: string[];
    occurrences: NewOccurrence[];
  },
): EventDraft {
  const description = textOf(event.description).trim();
  // URL;VALUE=URI:... comes as { params, val }, though the library's type says string.
  const website = textOf(event.url).trim() || null;
  const registrationRequired = needsBooking(event, description);
  return {
    label: fields.label,
    event: {
      sourceUid: event.uid,
      title: fields.title,
      description,
      category: fields.category,
      ...organizerOf(event),
      registrationRequired,
      registrationLink: registrationRequired ? website : null,
      website,
      tags: [...new Set(fields.categories)],
      recurrence: event.rrule ? recurrenceText(event.rrule.toString(), event.start) : null,
      cancelled: event.status === 'CANCELLED',
      occurrences: fields.occurrences,
    },
    place: placeOfLocation(textOf(event.location)),
  };
}

/**
 * The sessions in the window: RRULE, EXDATE and RECURRENCE-ID are node-ical's; a session
 * cancelled on its own (an override with STATUS:CANCELLED) is dropped. The library gives an
 * all-day session as the host's midnight, so its calendar day is read back and made London's.
 *
 * The window is expanded a stretch at a time, each short enough to hold little more than
 * SESSIONS_PER_EVENT at the rule's most sessions a day, and expansion stops once there are more
 * than that: only the soonest are kept (decision 033).
 */
function sessionsOf(
  event: VEvent,
  window: { from: Date; to: Date },
  rule: RuleParts | null,
): { sessions: NewOccurrence[]; cut: boolean } {
  const perDay = event.rrule ? Math.max(1, rule?.perDay ?? 1) : 1;
  const stretchMs = Math.max(7, Math.ceil((SESSIONS_PER_EVENT + 1) / perDay)) * DAY_MS;
  // A day either side, for all-day sessions read in the host's zone; trimmed exactly below.
  const end = window.to.getTime() + DAY_MS;
  const found = new Map<number, NewOccurrence>();
  for (let from = window.from.getTime() - DAY_MS; from < end && found.size <= SESSIONS_PER_EVENT;) {
    const to = Math.min(from + stretchMs, end);
    const instances = ical.expandRecurringEvent(event, {
      from: new Date(from),
      to: new Date(to - 1),
    });
    for (const instance of instances) {
      if (instance.isOverride && instance.event.status === 'CANCELLED') continue;
      const occurrence = occurrenceOf(instance);
      if (occurrence.startsAt >= window.from && occurrence.startsAt < window.to) {
        found.set(occurrence.startsAt.getTime(), occurrence);
      }
    }
    from = to;
  }
  return soonestSessions([...found.values()]);
}

function occurrenceOf(instance: EventInstance): NewOccurrence {
  if (instance.isFullDay) {
    const dayOf = (date: Date) =>
      londonMidnightOf(date.getFullYear(), date.getMonth() + 1, date.getDate());
    return { startsAt: dayOf(instance.start), endsAt: dayOf(instance.end), allDay: true };
  }
  const endsAt = instance.end > instance.start ? new Date(instance.end.getTime()) : null;
  return { startsAt: new Date(instance.start.getTime()), endsAt, allDay: false };
}

function organizerOf(event: VEvent) {
  const organizer = event.organizer;
  const address = typeof organizer === 'string' ? organizer : (organizer?.val ?? '');
  const name = typeof organizer === 'object' ? (organizer.params.CN ?? '') : '';
  const email = /^mailto:/i.test(address) ? address.replace(/^mailto:/i, '').trim() : null;
  return { organizerName: name.replace(/^"|"$/g, '').trim(), organizerEmail: email || null };
}

/** An X-property saying so (X-REGISTRATION-REQUIRED, X-BOOKING-REQUIRED), or the words. */
function needsBooking(event: VEvent, description: string): boolean {
  const flags = ['REGISTRATION-REQUIRED', 'BOOKING-REQUIRED'].map((name) => event[name]);
  if (flags.some((flag) => /^(true|yes)$/i.test(textOf(flag as ParameterValue).trim()))) {
    return true;
  }
  return BOOKING_PHRASE.test(description);
}

function textOf(value: ParameterValue | undefined): string {
  if (typeof value === 'string') return value;
  return typeof value?.val === 'string' ? value.val : '';
}

/** RFC 5545 3.3.11, for the raw SUMMARY the report quotes before the library has read it. */
function unescapeText(text: string): string {
  return text.replace(/\\([nN,;\\])/g, (_, char: string) => (/n/i.test(char) ? ' ' : char));
}
