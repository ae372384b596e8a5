import { parseOpeningHours } from '@locals/contracts/opening-hours';
import type { WeeklyHours } from '@locals/contracts/opening-hours-contract';

/** A schedule as ORUK writes it: 1.0 `regular_schedules` (weekday) or 3.0 `schedules` (byday). */
export type OrukSchedule = {
  weekday: string | null;
  byday: string | null;
  opens_at: string | null;
  closes_at: string | null;
  freq: string | null;
  interval: number | null;
  valid_to: string | null;
};

const DAY_NAMES: Record<string, string> = {
  MO: 'Mon',
  TU: 'Tue',
  WE: 'Wed',
  TH: 'Thu',
  FR: 'Fri',
  SA: 'Sat',
  SU: 'Sun',
  MONDAY: 'Mon',
  TUESDAY: 'Tue',
  WEDNESDAY: 'Wed',
  THURSDAY: 'Thu',
  FRIDAY: 'Fri',
  SATURDAY: 'Sat',
  SUNDAY: 'Sun',
};

/**
 * The schedules that are opening hours this week: weekly (HSDS 3.0 `freq`, an RRULE part; none
 * in 1.0), every week rather than every other, and not ended (`valid_to` before `today`, an ISO
 * date; not checked without one). A monthly "1MO" day is not a weekday and is left out too.
 */
function currentWeekly(schedules: OrukSchedule[], today: string | undefined): OrukSchedule[] {
  return schedules.filter(
    (schedule) =>
      (!schedule.freq || /^weekly$/i.test(schedule.freq)) &&
      (schedule.interval === null || schedule.interval === 1) &&
      !(today && schedule.valid_to && schedule.valid_to.slice(0, 10) < today),
  );
}

function daysOf(schedule: OrukSchedule): string[] {
  return (schedule.byday ?? schedule.weekday ?? '')
    .split(',')
    .flatMap((day) => DAY_NAMES[day.trim().toUpperCase()] ?? []);
}

/** 'HH:MM' of '10:00:00', '10:00' or '10:00:00+01:00'. */
const timeOf = (value: string | null) => value?.slice(0, 5) ?? '';

/** "Mon, Tue 09:00-17:00; Sat 10:00-12:00", as a person would write them. */
export function openingHoursOf(schedules: OrukSchedule[], today?: string): string | null {
  const parts = currentWeekly(schedules, today).flatMap((schedule) => {
    const days = daysOf(schedule);
    if (days.length === 0 || !schedule.opens_at || !schedule.closes_at) return [];
    return [`${days.join(', ')} ${timeOf(schedule.opens_at)}-${timeOf(schedule.closes_at)}`];
  });
  return parts.length > 0 ? parts.join('; ') : null;
}

/** The same schedules, structured: one "Mon 09:00-17:00" per day, read as any hours are. */
export function weeklyHoursOf(schedules: OrukSchedule[], today?: string): WeeklyHours | null {
  const days = currentWeekly(schedules, today).flatMap((schedule) =>
    daysOf(schedule).map(
      (day) => `${day} ${timeOf(schedule.opens_at)}-${timeOf(schedule.closes_at)}`,
    ),
  );
  return days.length > 0 ? parseOpeningHours(days.join('; ')) : null;
}
