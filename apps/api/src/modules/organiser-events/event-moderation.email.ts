import type { MailMessage } from '../../lib/mailer';

const SIGNATURE = 'Locals - locals helping locals';

/** The event and the organiser's own page, as every email to an organiser links them. */
export function organiserLinks(publicUrl: string, eventId: string) {
  return {
    event: `${publicUrl}/events?${new URLSearchParams({ eventId }).toString()}`,
    myEvents: `${publicUrl}/my-events`,
  };
}

type Decided = { to: string; title: string; eventId: string; publicUrl: string };

export function publishedEmail({ to, title, eventId, publicUrl }: Decided): MailMessage {
  const links = organiserLinks(publicUrl, eventId);
  return {
    to,
    subject: `Your event ${title} is now on Locals`,
    text: [
      'Hello,',
      '',
      `Good news: a moderator has checked ${title}, and it is now on Locals for people nearby to find:`,
      links.event,
      '',
      'To change it, call off a date or cancel it, sign in and go to My events:',
      links.myEvents,
      '',
      SIGNATURE,
    ].join('\n'),
  };
}

export function refusedEmail({
  to,
  title,
  eventId,
  publicUrl,
  reason,
}: Decided & { reason: string }): MailMessage {
  const { myEvents } = organiserLinks(publicUrl, eventId);
  return {
    to,
    subject: `Your event ${title} on Locals`,
    text: [
      'Hello,',
      '',
      `Thank you for adding ${title} to Locals. We are sorry, but we could not publish it.`,
      'Our moderator gave this reason:',
      '',
      ...reason.split('\n').map((line) => `> ${line}`),
      '',
      'You can change the event in My events and send it again: sign in and go to',
      myEvents,
      '',
      SIGNATURE,
    ].join('\n'),
  };
}
