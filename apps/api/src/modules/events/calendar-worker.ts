// The thread calendar feeds are written on (decision 033, amended): writing a feed of 1,000
// sessions takes a few hundred milliseconds of CPU, which on the API's own thread slowed every
// other request while it ran. Started by calendar-thread.ts; a build is one message each way.
import { parentPort } from 'node:worker_threads';
import { lowerThisThreadsPriority } from '@locals/db/thread-priority';
import { eventCalendar, type CalendarEntry, type CalendarOptions } from './event-calendar';

export type CalendarRequest = {
  id: number;
  name: string;
  entries: readonly CalendarEntry[];
  options: CalendarOptions;
};

export type CalendarReply =
  { id: number; calendar: ReturnType<typeof eventCalendar> } | { id: number; error: unknown };

/**
 * Linux's lowest priority for this thread alone: while the machine is busy, searches on the
 * API's thread and the database get the CPU first and a feed takes a little longer.
 */
const NICENESS = 19;

if (parentPort) {
  const port = parentPort;
  lowerThisThreadsPriority(NICENESS);
  port.on('message', ({ id, name, entries, options }: CalendarRequest) => {
    let reply: CalendarReply;
    try {
      reply = { id, calendar: eventCalendar(name, entries, options) };
    } catch (error) {
      reply = { id, error };
    }
    port.postMessage(reply);
  });
}
