import type { NewOccurrence } from '@locals/db/events';

/**
 * How much of a repeating event an import takes (decision 033). One rule can describe a session
 * every second until the year 9999; these bounds keep an import, and every page and feed built from
 * what it stored, small whatever a feed says.
 */

/** An event keeps at most its soonest this-many sessions in the import window. */
export const SESSIONS_PER_EVENT = 400;
/** A rule giving more sessions than this in one day (BYHOUR × BYMINUTE) is refused. */
export const SESSIONS_PER_DAY = 24;
/** A rule is stepped from its start at most about this many times to reach the window. */
export const RULE_STEPS = 1000;

export const SESSIONS_CUT = `only the soonest ${SESSIONS_PER_EVENT} sessions were kept`;

const TOO_OFTEN: Record<string, string> = {
  SECONDLY: 'every second',
  MINUTELY: 'every minute',
  HOURLY: 'every hour',
};
const PERIOD_DAYS: Record<string, number> = { DAILY: 1, WEEKLY: 7, MONTHLY: 30.4, YEARLY: 365.25 };
const DAY_MS = 24 * 60 * 60 * 1000;

export type RuleParts = {
  freq: string;
  interval: number;
  count: number | null;
  /** Sessions one period can give, at most: the product of its BY-lists. */
  perPeriod: number;
  /** Sessions one day can give, at most (BYHOUR × BYMINUTE × BYSECOND). */
  perDay: number;
};

/** An RRULE's parts as written ("FREQ=DAILY;BYHOUR=9,14"), read without expanding anything. */
export function ruleParts(rule: string): RuleParts {
  const parts = new Map(
    rule
      .replace(/^RRULE:/i, '')
      .split(';')
      .map((part) => {
        const [name = '', value = ''] = part.split('=');
        return [name.trim().toUpperCase(), value.trim()] as const;
      }),
  );
  const listLength = (name: string) => {
    const value = parts.get(name);
    return value ? value.split(',').filter(Boolean).length || 1 : 1;
  };
  const perDay = listLength('BYHOUR') * listLength('BYMINUTE') * listLength('BYSECOND');
  const perPeriod =
    perDay * listLength('BYDAY') * listLength('BYMONTHDAY') * listLength('BYYEARDAY');
  const count = Number(parts.get('COUNT'));
  return {
    freq: (parts.get('FREQ') ?? '').toUpperCase(),
    interval: Math.max(1, Number(parts.get('INTERVAL')) || 1),
    count: Number.isFinite(count) && count > 0 ? count : null,
    perPeriod,
    perDay,
  };
}

/** Why a rule is refused before it is expanded, or null: too often, or too many in a day. */
export function ruleProblem(parts: RuleParts, as: (freq: string) => string): string | null {
  const often = TOO_OFTEN[parts.freq];
  if (often) {
    return `repeats ${often} (${as(parts.freq)}): Locals takes events that meet at most ${SESSIONS_PER_DAY} times a day`;
  }
  if (parts.perDay > SESSIONS_PER_DAY) {
    return `more than ${SESSIONS_PER_DAY} sessions a day (${parts.perDay}, from BYHOUR and BYMINUTE): Locals takes events that meet at most ${SESSIONS_PER_DAY} times a day`;
  }
  return null;
}

/**
 * A rule with a COUNT is counted from its first session, so reaching the window means stepping
 * through every session before it: refused when that is more than RULE_STEPS (estimated from
 * the periods between its start and the window), before anything is expanded.
 */
export function reachProblem(parts: RuleParts, start: Date, windowFrom: Date): string | null {
  if (parts.count === null || parts.count <= RULE_STEPS) return null;
  const days = (windowFrom.getTime() - start.getTime()) / DAY_MS;
  const periodDays = (PERIOD_DAYS[parts.freq] ?? 1) * parts.interval;
  const steps = Math.max(0, days / periodDays) * parts.perPeriod;
  if (steps <= RULE_STEPS) return null;
  return `its COUNT reaches today only after ${RULE_STEPS.toLocaleString('en-GB')}+ repeats: give a later start, or UNTIL`;
}

/** The soonest SESSIONS_PER_EVENT sessions, and whether any were left out. */
export function soonestSessions(sessions: readonly NewOccurrence[]): {
  sessions: NewOccurrence[];
  cut: boolean;
} {
  const sorted = [...sessions].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  return { sessions: sorted.slice(0, SESSIONS_PER_EVENT), cut: sorted.length > SESSIONS_PER_EVENT };
}
