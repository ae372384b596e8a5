import type { MailMessage } from '../../lib/mailer';

/**
 * Registration answers the same whether or not the address has an account (decision 013); the owner
 * learns here, and only here, that someone tried, with a way back in if they forgot the password.
 */
export function accountExistsEmail(to: string, resetUrl: string, signInUrl: string): MailMessage {
  return {
    to,
    subject: 'You already have a Locals account',
    text: [
      'Hello,',
      '',
      'Someone tried to create a Locals account with this email address, but you already have one, so nothing has changed.',
      '',
      `To sign in, go to ${signInUrl}`,
      '',
      'If you have forgotten your password, choose a new one with this link:',
      resetUrl,
      '',
      'The link works once, for 30 minutes. Choosing a new password signs you out everywhere.',
      '',
      'If this was not you, you can ignore this email: your account and password have not changed.',
      '',
      'Locals - locals helping locals',
    ].join('\n'),
    html: [
      '<p>Hello,</p>',
      '<p>Someone tried to create a Locals account with this email address, but you already have one, so nothing has changed.</p>',
      `<p><a href="${signInUrl}">Sign in to Locals</a></p>`,
      `<p>If you have forgotten your password, <a href="${resetUrl}">choose a new password</a>. The link works once, for 30 minutes. Choosing a new password signs you out everywhere.</p>`,
      '<p>If this was not you, you can ignore this email: your account and password have not changed.</p>',
      '<p>Locals - locals helping locals</p>',
    ].join('\n'),
  };
}
