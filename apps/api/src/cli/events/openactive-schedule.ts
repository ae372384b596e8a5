import type { NewOccurrence } from '@locals/db/events';
import { RRuleTemporal } from 'rrule-temporal';
import { Temporal } from 'temporal-polyfill';
import { LONDON } from '../../capabilities/london-time';
import { listOf, textOf, type Json } from './openactive-json';
import { reachProblem, ruleParts, ruleProblem } from './session-limits';

const FREQUENCIES = { D: 'DAILY', W: 'WEEKLY', M: 'MONTHLY', Y: 'YEARLY' } as const;
const TIME_FREQUENCIES = { H: 'HOURLY', M: 'MINUTELY', S: 'SECONDLY' } as const;

/**
 * Why a Schedule is refused before it is expanded (decision 033: the limits iCalendar rules have):
 * a repeatFrequency of hours, minutes or seconds (PT1H), or a repeatCount that would need more
 * than RULE_STEPS steps from its startDate to reach the window. Null when it may be expanded.
 */
export function scheduleProblem(schedule: Json, windowFrom: Date): string | null {
  const written = textOf(schedule.repeatFrequency);
  const time = /^PT(\d+)([HMS])$/i.exec(written);
  if (time) {
    const unit = (time[2] ?? 'H').toUpperCase() as keyof typeof TIME_FREQUENCIES;
    return ruleProblem(
      ruleParts(`FREQ=${TIME_FREQUENCIES[unit]};INTERVAL=${time[1]}`),
      () => `repeatFrequency ${written}`,
    );
  }
  const rule = scheduleRule(schedule);
  const start = Date.parse(textOf(schedule.startDate).slice(0, 10));
  const count = Number(textOf(schedule.repeatCount));
  if (!rule || !Number.isFinite(start) || !(count > 0)) return null;
  const parts = [`FREQ=${rule.freq}`, `INTERVAL=${rule.interval}`, `COUNT=${count}`];
  if (rule.byDay.length > 0) parts.push(`BYDAY=${rule.byDay.join(',')}`);
  return reachProblem(ruleParts(parts.join(';')), new Date(start), windowFrom);
}

/**
 * A Schedule's repeat as RRULE parts: repeatFrequency (P1W) and byDay (schema.org day URLs or
 * iCalendar's MO...). Null when it does not say how often.
 */
export function scheduleRule(schedule: Json): {
  freq: (typeof FREQUENCIES)[keyof typeof FREQUENCIES];
  interval: number;
  byDay: string[];
} | null {
  const frequency = /^P(\d+)([DWMY])$/.exec(textOf(schedule.repeatFrequency) || 'P1W');
  if (!frequency) return null;
  const byDay = listOf(schedule.byDay)
    .map((day) =>
      textOf(day)
        .replace(/^.*[/#]/, '')
        .slice(0, 2)
        .toUpperCase(),
    )
    .filter((day) => /^(MO|TU|WE|TH|FR|SA|SU)$/.test(day));
  const unit = frequency[2] as keyof typeof FREQUENCIES;
  return { freq: FREQUENCIES[unit], interval: Number(frequency[1]), byDay };
}

/**
 * The sessions of a SessionSeries that publishes only its eventSchedule (OpenActive Modelling
 * Specification 2.0, "Schedule"): its rule expanded by rrule-temporal in the schedule's zone
 * (London unless it says otherwise), from its startDate and startTime, until its endDate or
 * repeatCount, less its exceptDates. Null when it has no start date and time to expand from.
 */
export function scheduleSessions(
  schedule: Json,
  window: { from: Date; to: Date },
): NewOccurrence[] | null {
  const rule = scheduleRule(schedule);
  const startTime = textOf(schedule.startTime);
  const startDate = textOf(schedule.startDate).slice(0, 10);
  if (!rule || !/^\d{2}:\d{2}/.test(startTime) || !startDate) return null;
  const timeZone = textOf(schedule.scheduleTimezone) || LONDON;
  try {
    const dtstart = Temporal.PlainDate.from(startDate).toZonedDateTime({
      timeZone,
      plainTime: startTime,
    });
    const endDate = textOf(schedule.endDate);
    const until = endDate
      ? Temporal.PlainDate.from(endDate.slice(0, 10)).toZonedDateTime({
          timeZone,
          plainTime: '23:59:59',
        })
      : undefined;
    const count = Number(textOf(schedule.repeatCount)) || undefined;
    const expanded = new RRuleTemporal({
      freq: rule.freq,
      interval: rule.interval,
      ...(rule.byDay.length > 0 ? { byDay: rule.byDay } : {}),
      dtstart,
      until,
      count,
      tzid: timeZone,
    }).between(window.from, window.to, true);
    const excepted = new Set(listOf(schedule.exceptDate).map((date) => Date.parse(textOf(date))));
    const minutes = lengthInMinutes(schedule, startTime);
    return expanded
      .filter((start) => !excepted.has(start.epochMilliseconds))
      .map((start) => ({
        startsAt: new Date(start.epochMilliseconds),
        endsAt: minutes ? new Date(start.add({ minutes }).epochMilliseconds) : null,
        allDay: false,
      }));
  } catch {
    return null;
  }
}

/** From endTime (the same day) or duration (PT1H30M). */
function lengthInMinutes(schedule: Json, startTime: string): number | null {
  const endTime = textOf(schedule.endTime);
  if (/^\d{2}:\d{2}/.test(endTime)) {
    const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
    const minutes = minutesOf(endTime) - minutesOf(startTime);
    return minutes > 0 ? minutes : null;
  }
  const duration = textOf(schedule.duration);
  if (!duration) return null;
  try {
    return Temporal.Duration.from(duration).total({ unit: 'minutes' }) || null;
  } catch {
    return null;
  }
}
