/** The account e-mails' words. Plain text: codes must be readable in any mail program. */
import type { MailMessage } from './mailer.ts';

export function signupCodeMail(to: string, code: string): MailMessage {
  return {
    to,
    subject: `Your scopeward verification code: ${code}`,
    text: [
      `Your verification code is ${code}`,
      '',
      'Enter it on the sign-up page to finish creating your scopeward account.',
      'It works for 10 minutes and 5 tries.',
      '',
      'If you did not sign up, ignore this message: no account is created without the code.',
    ].join('\n'),
  };
}

export function signupExistingMail(to: string): MailMessage {
  return {
    to,
    subject: 'Sign-up attempt for your scopeward account',
    text: [
      'Someone, perhaps you, tried to sign up to scopeward with this address, which already has an account.',
      '',
      'Log in with your password, or use "Forgot password" on the log-in page to set a new one.',
      'If it was not you, nothing changed and you can ignore this message.',
    ].join('\n'),
  };
}

export function resetCodeMail(to: string, code: string): MailMessage {
  return {
    to,
    subject: `Your scopeward password reset code: ${code}`,
    text: [
      `Your password reset code is ${code}`,
      '',
      'Enter it with your new password on the reset page. It works for 10 minutes and 5 tries.',
      'Setting a new password logs out every other device.',
      '',
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ].join('\n'),
  };
}
