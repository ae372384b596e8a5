import { LONDON } from '../../capabilities/london-time';

const DAYS: Record<string, string> = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
};
const ORDINALS: Record<string, string> = {
  '1': 'first',
  '2': 'second',
  '3': 'third',
  '4': 'fourth',
  '5': 'fifth',
  '-1': 'last',
  '-2': 'second to last',
};
const WEEKDAY_OF = new Intl.DateTimeFormat('en-GB', { timeZone: LONDON, weekday: 'long' });
const DAY_OF_MONTH = new Intl.DateTimeFormat('en-GB', { timeZone: LONDON, day: 'numeric' });

/**
 * How often an event meets, in a few words ("Every Tuesday", "Every 2 weeks on Monday",
 * "Monthly on the first Friday"), read from its RRULE's parts. The library's own text adds the
 * time and a zone abbreviation ("at 10 AM GMT"), which is wrong for the summer sessions;
 * the sessions themselves are expanded by the library, never here. Null when there is no rule.
 */
export function recurrenceText(rule: string | null, firstStart: Date): string | null {
  const parts = partsOf(rule);
  if (!parts) return null;
  const interval = Number(parts.INTERVAL ?? '1') || 1;
  const days = (parts.BYDAY ?? '').split(',').filter(Boolean);
  const position = parts.BYSETPOS;
  switch (parts.FREQ) {
    case 'DAILY':
      if (days.length > 0) return `Every ${dayList(days)}`;
      return interval === 1 ? 'Every day' : `Every ${interval} days`;
    case 'WEEKLY': {
      const named = days.length > 0 ? dayList(days) : WEEKDAY_OF.format(firstStart);
      return interval === 1 ? `Every ${named}` : `Every ${interval} weeks on ${named}`;
    }
    case 'MONTHLY': {
      const every = interval === 1 ? 'Monthly' : `Every ${interval} months`;
      return `${every} on the ${monthlyDay(days, position, parts.BYMONTHDAY, firstStart)}`;
    }
    case 'YEARLY':
      return interval === 1 ? 'Every year' : `Every ${interval} years`;
    default:
      return 'Repeats';
  }
}

function partsOf(rule: string | null): Record<string, string> | null {
  const line = rule
    ?.split(/\r?\n/)
    .find((text) => /^RRULE:/i.test(text) || /^FREQ=/i.test(text))
    ?.replace(/^RRULE:/i, '');
  if (!line) return null;
  return Object.fromEntries(
    line.split(';').map((part) => {
      const [key = '', value = ''] = part.split('=');
      return [key.toUpperCase(), value.toUpperCase()];
    }),
  );
}

function dayList(days: string[]): string {
  const names = days.map((day) => DAYS[day.replace(/^[+-]?\d+/, '')] ?? day);
  if (names.join() === 'Monday,Tuesday,Wednesday,Thursday,Friday') return 'weekday';
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names.join();
}

function monthlyDay(
  days: string[],
  position: string | undefined,
  monthDay: string | undefined,
  firstStart: Date,
): string {
  const [day] = days;
  const nth = day ? /^([+-]?\d+)?([A-Z]{2})$/.exec(day) : null;
  const ordinal = nth?.[1] ?? position;
  if (nth && ordinal) {
    return `${ORDINALS[String(Number(ordinal))] ?? `${ordinal}th`} ${DAYS[nth[2] ?? ''] ?? ''}`;
  }
  const date = Number(monthDay ?? DAY_OF_MONTH.format(firstStart));
  if (date === -1) return 'last day';
  return `${date}${suffixOf(date)}`;
}

function suffixOf(day: number): string {
  if (day % 100 >= 11 && day % 100 <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][day % 10] ?? 'th';
}
