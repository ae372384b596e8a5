import type { MailMessage } from '../../lib/mailer';
import { organiserLinks } from './event-moderation.email';

const SIGNATURE = 'Locals - locals helping locals';

const LONG_DAY = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});

/** A day as people write it, in London: "Tuesday 8 December 2026" (en-GB adds a comma). */
function longDay(at: Date): string {
  return LONG_DAY.format(at).replace(',', '');
}

type Reminder = { to: string; title: string; eventId: string; publicUrl: string };

/** A week before a series' last date: add dates if it carries on. */
export function endingReminderEmail({
  to,
  title,
  eventId,
  publicUrl,
  lastSessionAt,
}: Reminder & { lastSessionAt: Date }): MailMessage {
  const links = organiserLinks(publicUrl, eventId);
  const day = longDay(lastSessionAt);
  return {
    to,
    subject: `Your event ${title} ends on Locals on ${day}`,
    text: [
      'Hello,',
      '',
      `The last date of ${title} listed on Locals is ${day}:`,
      links.event,
      '',
      'If it carries on after that, add more dates in My events so people can still find it:',
      links.myEvents,
      '',
      'If it ends then, there is nothing to do.',
      '',
      SIGNATURE,
    ].join('\n'),
  };
}

/** After months without a change: does it still run as listed? */
export function freshnessReminderEmail({
  to,
  title,
  eventId,
  publicUrl,
  lastChanged,
}: Reminder & { lastChanged: Date }): MailMessage {
  const links = organiserLinks(publicUrl, eventId);
  return {
    to,
    subject: `Does ${title} still run as listed on Locals?`,
    text: [
      'Hello,',
      '',
      `Your event ${title} on Locals has not changed since ${longDay(lastChanged)}.`,
      'People rely on it being right, so please check it still runs as listed:',
      links.event,
      '',
      'If something has changed, change it in My events. If it has stopped, cancel it there,',
      'so nobody sets out for it:',
      links.myEvents,
      '',
      'If it still runs as listed, there is nothing to do.',
      '',
      SIGNATURE,
    ].join('\n'),
  };
}
