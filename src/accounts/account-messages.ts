/**
 * What the dashboard's account endpoints say. None of these tells whether an e-mail
 * address is registered: the same words answer for known and unknown addresses.
 */
export const ACCOUNT_MESSAGES = {
  invalidEmail: 'Enter a valid e-mail address',
  passwordTooShort: 'Use a password of at least 10 characters',
  passwordTooLong: 'Use a password of at most 200 characters',
  passwordSameAsEmail: 'Choose a password that is not your e-mail address',
  codeSent: 'If this address can receive a code, one is on its way. It works for 10 minutes.',
  codeInvalid: 'Wrong or expired code. A code works for 10 minutes and 5 tries: ask for a new one if this one no longer works.',
  codeFormat: 'Enter the 6 digits of the code from the e-mail',
  resendCooldown: (seconds: number) => `A code was sent to this address moments ago: wait ${seconds} s before asking for another`,
  loginFailed: 'Wrong e-mail or password',
  wrongCurrentPassword: 'Your current password is not right',
  tooManyAttempts: (seconds: number) => `Too many attempts: try again in ${Math.max(1, Math.ceil(seconds / 60))} min`,
  notLoggedIn: 'Log in first',
  keyWithoutAccount: 'This API key belongs to no account: create a key on the dashboard (API Key Generation) to scan as your account',
  csrf: 'Missing or invalid CSRF token: reload the page and try again',
  keyNameRequired: 'Give the key a name',
  keyNameTooLong: 'Use a key name of at most 100 characters',
  keyNotFound: 'API key not found',
  adminOnly: 'Only admin accounts can create admin keys',
  loggedOut: 'Logged out',
  loggedOutEverywhere: 'Logged out on every device',
  passwordChanged: 'Password changed; other devices were logged out',
} as const;
