import type { MailMessage } from '../../lib/mailer';

export function subscriptionEmail(to: string, unsubscribeUrl: string): MailMessage {
  return {
    to,
    subject: 'You are subscribed to the Locals newsletter',
    text: [
      'Hello,',
      '',
      'Thanks for subscribing to the Locals newsletter. We will send you news about local health, help and support services.',
      '',
      'If you did not ask for this, or you change your mind, unsubscribe with this link:',
      unsubscribeUrl,
      '',
      'Locals - locals helping locals',
    ].join('\n'),
    html: [
      '<p>Hello,</p>',
      '<p>Thanks for subscribing to the Locals newsletter. We will send you news about local health, help and support services.</p>',
      `<p>If you did not ask for this, or you change your mind, <a href="${unsubscribeUrl}">unsubscribe from the Locals newsletter</a>.</p>`,
      '<p>Locals - locals helping locals</p>',
    ].join('\n'),
  };
}
