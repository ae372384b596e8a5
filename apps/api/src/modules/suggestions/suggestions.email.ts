import type { MailMessage } from '../../lib/mailer';

/**
 * To the service's contact address (or the Locals team when the listing has none). It names
 * nobody: the provider learns what was suggested, never who suggested it.
 */
export function suggestionEmail(options: {
  to: string;
  serviceName: string;
  suggestionText: string;
  respondUrl: string;
  isForAdmin: boolean;
}): MailMessage {
  return {
    to: options.to,
    subject: `A suggestion for your listing on Locals: ${options.serviceName}`,
    text: [
      'Hello,',
      '',
      `Someone using Locals has suggested an improvement to the listing for ${options.serviceName}:`,
      '',
      ...options.suggestionText.split(/\r?\n/).map((line) => `> ${line}`),
      '',
      'Please let us know whether you accept or reject it. Open this link to answer:',
      options.respondUrl,
      '',
      ...(options.isForAdmin
        ? ['This listing has no contact email, so the suggestion came to the Locals team.', '']
        : []),
      'If this service is not yours, you can ignore this email.',
      '',
      'Locals - locals helping locals',
    ].join('\n'),
  };
}
