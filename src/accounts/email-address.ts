/** E-mail addresses as accounts know them: trimmed, lower-case, plausibly deliverable. */
const EMAIL = /^[^\s@<>()",;:\\[\]]+@[^\s@<>()",;:\\[\]]+\.[^\s@<>()",;:\\[\]]{2,}$/;

/** The canonical form of an address, or undefined when it is not one. */
export function normalizeEmail(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const email = raw.trim().toLowerCase();
  // 254: the longest address SMTP can carry (RFC 5321's path limit less the brackets).
  if (email.length > 254 || !EMAIL.test(email)) return undefined;
  return email;
}
