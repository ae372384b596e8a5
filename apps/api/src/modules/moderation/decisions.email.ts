import { ONE_TIME_LINK_DAYS } from '@locals/contracts/listing';
import type { MailMessage } from '../../lib/mailer';
import { claimLinkUrl } from '../listings';
import type { ApplicationRow } from './applications.repository';

const SIGNATURE = 'Locals - locals helping locals';

export function approvedEmail(
  application: ApplicationRow,
  { publicUrl, postcode, claimToken }: { publicUrl: string; postcode: string; claimToken: string },
): MailMessage {
  const search = `${publicUrl}/results?${new URLSearchParams({ postcode }).toString()}`;
  const claim = claimLinkUrl(publicUrl, claimToken);
  return {
    to: application.email,
    subject: `Your application to list ${application.organizationName} on Locals has been approved`,
    text: [
      `Hello ${application.contactName},`,
      '',
      `Good news: we have approved your application, and ${application.organizationName} is now live on Locals.`,
      `People searching near ${postcode} can find it: ${search}`,
      '',
      'To manage the listing yourself, sign in to Locals (or create an account) with this email',
      `address (${application.email}), then open this link within ${ONE_TIME_LINK_DAYS} days:`,
      claim,
      '',
      'The link works once.',
      '',
      SIGNATURE,
    ].join('\n'),
  };
}

export function rejectedEmail(
  application: ApplicationRow,
  { publicUrl, reason }: { publicUrl: string; reason: string },
): MailMessage {
  return {
    to: application.email,
    subject: `Your application to list ${application.organizationName} on Locals`,
    text: [
      `Hello ${application.contactName},`,
      '',
      `Thank you for applying to list ${application.organizationName} on Locals. We are sorry,`,
      'but we could not approve your application. Our moderator gave this reason:',
      '',
      ...reason.split('\n').map((line) => `> ${line}`),
      '',
      `You are welcome to apply again once this is sorted out: ${publicUrl}/list-services`,
      '',
      SIGNATURE,
    ].join('\n'),
  };
}
