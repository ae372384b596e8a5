import { ONE_TIME_LINK_DAYS } from '@locals/contracts/listing';
import type { MailMessage } from '../../lib/mailer';
import { claimLinkUrl } from '../listings';

const SIGNATURE = 'Locals - locals helping locals';

/** "jo.bloggs@example.org" as "j***@example.org": enough to recognise, not to harvest. */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/** A new "manage your listing" link, asked for on the page of an expired one. */
export function newClaimLinkEmail(renewal: {
  to: string;
  name: string;
  publicUrl: string;
  token: string;
}): MailMessage {
  return {
    to: renewal.to,
    subject: `Your new link to manage ${renewal.name} on Locals`,
    text: [
      'Hello,',
      '',
      `You asked for a new link to manage the listing for ${renewal.name} on Locals.`,
      '',
      'Sign in to Locals (or create an account) with this email address',
      `(${renewal.to}), then open this link within ${ONE_TIME_LINK_DAYS} days:`,
      claimLinkUrl(renewal.publicUrl, renewal.token),
      '',
      'The link works once. If you did not ask for it, you can ignore this email.',
      '',
      SIGNATURE,
    ].join('\n'),
  };
}

/** A London calendar day (yyyy-MM-dd) as people write it: "10 January 2026". */
const LONG_DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** The 11-month "is this still correct?" email, with its two one-time links. */
export function freshnessNudgeEmail(nudge: {
  to: string;
  name: string;
  /** The day it was last checked, yyyy-MM-dd; null when it never was. */
  lastChecked: string | null;
  publicUrl: string;
  stillCorrectToken: string;
  somethingChangedToken: string;
}): MailMessage {
  const stillCorrect = `${nudge.publicUrl}/listing-check?token=${nudge.stillCorrectToken}`;
  const somethingChanged = `${nudge.publicUrl}/my-listings/claim?token=${nudge.somethingChangedToken}&next=edit`;
  return {
    to: nudge.to,
    subject: `Is your Locals listing for ${nudge.name} still correct?`,
    text: [
      'Hello,',
      '',
      nudge.lastChecked
        ? `Your listing for ${nudge.name} on Locals was last checked on ${LONG_DATE.format(new Date(`${nudge.lastChecked}T00:00:00Z`))}.`
        : `Your listing for ${nudge.name} on Locals has not been checked yet.`,
      'People rely on it being right, so please tell us whether it still is.',
      '',
      'Still correct: open this link and confirm.',
      stillCorrect,
      '',
      'Something has changed: sign in with this email address and open this link to edit the listing.',
      somethingChanged,
      '',
      `Each link works once and expires in ${ONE_TIME_LINK_DAYS} days.`,
      'Listings not checked for 12 months are marked as not checked in search.',
      '',
      SIGNATURE,
    ].join('\n'),
  };
}
