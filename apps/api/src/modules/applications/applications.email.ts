import type { ProviderApplication } from '@locals/contracts/list-service';
import type { MailMessage } from '../../lib/mailer';

export function receiptEmail(application: ProviderApplication, applicationId: string): MailMessage {
  return {
    to: application.email,
    subject: 'We have received your application to list on Locals',
    text: [
      `Hello ${application.contactName},`,
      '',
      `Thanks for applying to list ${application.organizationName} on Locals.`,
      'We will review your application and get back to you within 2-3 business days.',
      '',
      `Your application reference is ${applicationId}.`,
      '',
      'Locals - locals helping locals',
    ].join('\n'),
  };
}

export function notificationEmail(
  to: string,
  application: ProviderApplication,
  applicationId: string,
): MailMessage {
  return {
    to,
    subject: `New listing application: ${application.organizationName}`,
    text: [
      `Application ${applicationId}`,
      '',
      `Organisation: ${application.organizationName}`,
      `Contact: ${application.contactName}`,
      `Email: ${application.email}`,
      `Phone: ${application.phone}`,
      `Website: ${application.website || '(none)'}`,
      `Address: ${application.address}`,
      '',
      'Services offered:',
      application.services,
      '',
      'Description:',
      application.description,
    ].join('\n'),
  };
}
