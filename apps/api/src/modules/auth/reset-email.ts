import type { MailMessage } from '../../lib/mailer';

export function passwordResetEmail(to: string, resetUrl: string): MailMessage {
  return {
    to,
    subject: 'Reset your Locals password',
    text: [
      'Hello,',
      '',
      'Someone asked to reset the password of your Locals account. To choose a new password, open this link:',
      resetUrl,
      '',
      'The link works once, for 30 minutes. Choosing a new password signs you out everywhere.',
      '',
      'If you did not ask for this, you can ignore this email: your password has not changed.',
      '',
      'Locals - locals helping locals',
    ].join('\n'),
    html: [
      '<p>Hello,</p>',
      '<p>Someone asked to reset the password of your Locals account.</p>',
      `<p><a href="${resetUrl}">Choose a new password</a></p>`,
      '<p>The link works once, for 30 minutes. Choosing a new password signs you out everywhere.</p>',
      '<p>If you did not ask for this, you can ignore this email: your password has not changed.</p>',
      '<p>Locals - locals helping locals</p>',
    ].join('\n'),
  };
}
