/**
 * Passwords: the length rule and argon2id hashing (@node-rs/argon2, whose native binary
 * ships inside the npm package; OWASP's parameters: 19 MiB, 2 passes, 1 lane).
 */
import { hash, verify } from '@node-rs/argon2';
import { ACCOUNT_MESSAGES } from './account-messages.ts';

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

// The package's default algorithm is argon2id (its ambient const enum cannot be named
// under verbatimModuleSyntax); the hash's PHC string starts with $argon2id$, which a test checks.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** The problem with a new password, or undefined when it is acceptable. */
export function passwordProblem(password: unknown, email?: string): string | undefined {
  if (typeof password !== 'string') return ACCOUNT_MESSAGES.passwordTooShort;
  // Counted in code points, so a passphrase in any script is measured fairly.
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return ACCOUNT_MESSAGES.passwordTooShort;
  if (length > PASSWORD_MAX_LENGTH) return ACCOUNT_MESSAGES.passwordTooLong;
  if (email !== undefined && password.trim().toLowerCase() === email) return ACCOUNT_MESSAGES.passwordSameAsEmail;
  return undefined;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// Checked when no account matches, so a login for an unknown address costs the same
// time as one for a known address with a wrong password.
let decoy: Promise<string> | undefined;

export async function verifyPassword(stored: string | undefined, password: string): Promise<boolean> {
  if (stored === undefined) {
    await verify(await (decoy ??= hashPassword('decoy password that matches nothing')), password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
