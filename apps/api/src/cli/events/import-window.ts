import { Temporal } from 'temporal-polyfill';
import { londonDay, londonMidnight } from '../../capabilities/london-time';

/** Sessions are imported this many months ahead of today. */
const HORIZON_MONTHS = 12;

/**
 * The sessions an import keeps: from the start of today in London (a session earlier today is
 * still today's), to the same day 12 months on.
 */
export function sessionWindow(now: Date): { from: Date; to: Date } {
  const today = londonDay(now);
  const horizon = Temporal.PlainDate.from(today).add({ months: HORIZON_MONTHS });
  return { from: londonMidnight(today), to: londonMidnight(horizon.toString()) };
}
