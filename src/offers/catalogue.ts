/**
 * The operator's offers (spec: "handled by contacting the operator") and the audit
 * voucher terms, shared by the API, the CLI and the dashboard so they say the same thing.
 */
export const OFFERS = [
  { id: 'kyc', name: 'Team identity verification (KYC)', description: 'The operator verifies the identity of a project’s team.' },
  { id: 'manual-audit', name: 'Manual contract audit', description: 'Auditors review the code line by line and publish a report.' },
  { id: 'audit-vouchers', name: 'Audit vouchers', description: 'Prepaid credit towards a manual audit (terms below).' },
  { id: 'exchange-audit', name: 'Exchange audit', description: 'A review of an exchange’s contracts and operations.' },
  {
    id: 'penetration-testing',
    name: 'Penetration testing',
    description: 'An attack on a project’s web and infrastructure, with a report.',
  },
  { id: 'bug-bounty', name: 'Bug bounty', description: 'A programme that pays researchers for reported vulnerabilities.' },
  { id: 'contract-development', name: 'Contract development', description: 'Contracts written to order.' },
] as const;

export type OfferId = (typeof OFFERS)[number]['id'];
export const OFFER_IDS = OFFERS.map((offer) => offer.id) as readonly OfferId[];

/** Where a request stands; an admin moves it. */
export const REQUEST_STATUSES = ['new', 'in progress', 'quoted', 'done', 'declined'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** Spec: "it cannot reduce the total price below 500 (USD)". */
export const VOUCHER_FLOOR_USD = 500;
/** Spec: "it is valid for 3 months". */
export const VOUCHER_VALIDITY_MONTHS = 3;

export const VOUCHER_TERMS = [
  'The redemption value is denominated in USDT and reduces the price of a manual audit by that value.',
  'Valid for 3 months from issue (calendar months, UTC); single use; no cash value.',
  'It cannot reduce the total price below 500 USD: the part of the value that would go below is forfeited, never paid out.',
] as const;

/** Limits of a request's attachments (also shown on the form). */
export const ATTACHMENT_LIMITS = {
  files: 3,
  bytesPerFile: 2 * 1024 * 1024,
  bytesTotal: 4 * 1024 * 1024,
  extensions: ['pdf', 'txt', 'md', 'sol', 'json', 'zip', 'png', 'jpg', 'jpeg'],
} as const;
