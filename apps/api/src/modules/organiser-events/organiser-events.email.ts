import type { EventSubmission } from '@locals/contracts/organiser-events';
import type { MailMessage } from '../../lib/mailer';
import { organiserLinks } from './event-moderation.email';

const SIGNATURE = 'Locals - locals helping locals';

type AboutEvent = { to: string; title: string; eventId: string; publicUrl: string };

/** To whoever sent an event that waits for a moderator. */
export function receivedEmail({ to, title, eventId, publicUrl }: AboutEvent): MailMessage {
  const { myEvents } = organiserLinks(publicUrl, eventId);
  return {
    to,
    subject: `We have received your event ${title}`,
    text: [
      'Hello,',
      '',
      `Thank you for adding ${title} to Locals.`,
      'A moderator will check it within 2-3 working days, and we will email you when it is on Locals.',
      '',
      'You can see where it stands, change it or cancel it in My events:',
      myEvents,
      '',
      SIGNATURE,
    ].join('\n'),
  };
}

/** To the provider of a verified listing whose event went on Locals without waiting. */
export function publishedAtOnceEmail({ to, title, eventId, publicUrl }: AboutEvent): MailMessage {
  const links = organiserLinks(publicUrl, eventId);
  return {
    to,
    subject: `Your event ${title} is now on Locals`,
    text: [
      'Hello,',
      '',
      `${title} is held at a verified listing you manage, so it is on Locals now for people nearby to find:`,
      links.event,
      '',
      'To change it, call off a date or cancel it, sign in and go to My events:',
      links.myEvents,
      '',
      SIGNATURE,
    ].join('\n'),
  };
}

/** To the Locals team: an event joined the moderators' queue, new or changed. */
export function moderationNeededEmail({
  to,
  eventId,
  submission,
  submittedBy,
  publicUrl,
  isChange,
}: {
  to: string;
  eventId: string;
  submission: EventSubmission;
  submittedBy: string;
  publicUrl: string;
  isChange: boolean;
}): MailMessage {
  const when = submission.allDay
    ? 'all day'
    : [submission.startTime, submission.endTime].filter(Boolean).join(' to ');
  return {
    to,
    subject: `${isChange ? 'Changed event' : 'New event'} to check: ${submission.title}`,
    text: [
      `Event ${eventId}, sent by ${submittedBy}`,
      '',
      `Title: ${submission.title}`,
      `Date: ${submission.date} (${when})`,
      `Repeats: ${submission.repeat.frequency}${submission.repeat.until ? ` until ${submission.repeat.until}` : ''}`,
      `Venue: ${submission.venue}`,
      `Address: ${submission.address}, ${submission.postcode}`,
      `Organiser: ${submission.organizerName} <${submission.organizerEmail}>`,
      '',
      'Description:',
      submission.description,
      '',
      'Publish or refuse it in the events queue:',
      `${publicUrl}/moderation/events`,
    ].join('\n'),
  };
}
