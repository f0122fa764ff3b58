/**
 * The address label: what an address is, on which network, according to whom. One shape
 * for import files, the admin routes, the CLI and the lookups.
 */
import { isEvmAddress, normalizeEvmAddress } from '../interface/address.ts';
import { LOCAL_NETWORK, NETWORKS } from '../chain/networks.ts';
import { problemSummary, validateRows, type RowProblem } from '../registry/validate-rows.ts';
import { AppError } from '../errors/app-error.ts';

export const LABEL_CATEGORIES = [
  'sanctioned',
  'blacklisted',
  'mixer',
  'exploit',
  'phishing',
  'scam-token',
  'exchange',
  'bridge',
  'dex',
  'locker',
  'other',
] as const;
export type LabelCategory = (typeof LABEL_CATEGORIES)[number];

/** Categories that make the address itself blacklisted when it carries one. */
export const BLACKLIST_CATEGORIES: ReadonlySet<LabelCategory> = new Set(['sanctioned', 'blacklisted']);
/** Categories whose direct counterparties are suspicious. */
export const TAINT_CATEGORIES: ReadonlySet<LabelCategory> = new Set(['sanctioned', 'blacklisted', 'mixer', 'exploit', 'phishing']);

/** Every EVM network: a key pair is the same party on all of them. */
export const ALL_EVM_NETWORKS = '*';

export interface AddressLabel {
  /** Lower-case hex. */
  readonly address: string;
  /** A network symbol, or `*` for every EVM network. */
  readonly network: string;
  readonly label: string;
  readonly category: LabelCategory;
  /** Where the label comes from: a list's name and URL, or who entered it. */
  readonly source: string;
  /** YYYY-MM-DD: when the source listed it (or when the list was retrieved). */
  readonly listedOn: string;
}

export type LabelProblem = RowProblem;

/** Rows that cannot be imported: answered 400 "Invalid labels, nothing imported" with the `problems`. */
export class LabelValidationError extends AppError {
  override readonly name = 'LabelValidationError';
  constructor(readonly problems: readonly LabelProblem[]) {
    super(400, problemSummary(problems, 'labels'), { clientMessage: 'Invalid labels, nothing imported', fields: { problems } });
  }
}

const EVM_SYMBOLS = new Set([...NETWORKS.filter((n) => n.family === 'evm').map((n) => n.symbol), LOCAL_NETWORK.symbol]);
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_TEXT = 200;

export function isLabelCategory(value: unknown): value is LabelCategory {
  return typeof value === 'string' && (LABEL_CATEGORIES as readonly string[]).includes(value);
}

/** A network symbol labels may name: an EVM network of the networks table, LOCAL, or `*`. */
export function isLabelNetwork(value: string): boolean {
  return value === ALL_EVM_NETWORKS || EVM_SYMBOLS.has(value);
}

function text(row: Record<string, unknown>, field: string, problems: LabelProblem[], index: number): string {
  const value = row[field];
  if (typeof value !== 'string' || value.trim() === '') {
    problems.push({ row: index, field, problem: 'required' });
    return '';
  }
  if (value.length > MAX_TEXT) problems.push({ row: index, field, problem: `longer than ${MAX_TEXT} characters` });
  return value.trim();
}

/**
 * Checks every row and returns the labels, or throws with every problem found: a file
 * with one bad row imports nothing. `listedOn` may also be given as `date`.
 */
export function validateLabels(rows: readonly unknown[]): AddressLabel[] {
  return validateRows<AddressLabel>(rows, {
    check(row, index, problems) {
      const address = text(row, 'address', problems, index);
      if (address !== '' && !isEvmAddress(address))
        problems.push({ row: index, field: 'address', problem: 'not a 0x-prefixed 20-byte hex address' });
      const network = text(row, 'network', problems, index).toUpperCase();
      if (network !== '' && !isLabelNetwork(network))
        problems.push({ row: index, field: 'network', problem: `unknown network "${network}" (an EVM network symbol or *)` });
      const label = text(row, 'label', problems, index);
      const category = text(row, 'category', problems, index).toLowerCase();
      if (category !== '' && !isLabelCategory(category))
        problems.push({ row: index, field: 'category', problem: `one of ${LABEL_CATEGORIES.join(', ')}` });
      const source = text(row, 'source', problems, index);
      const listedOn = text(row, row.listedOn === undefined && row.date !== undefined ? 'date' : 'listedOn', problems, index);
      if (listedOn !== '' && (!DATE.test(listedOn) || Number.isNaN(Date.parse(listedOn))))
        problems.push({ row: index, field: 'listedOn', problem: 'a date as YYYY-MM-DD' });
      // validateRows drops the record when any problem was added above.
      return { address: normalizeEvmAddress(address), network, label, category: category as LabelCategory, source, listedOn };
    },
    key: (label) => `${label.address}|${label.network}|${label.source}`,
    sameKey: 'same address, network and source',
    fail: (problems) => new LabelValidationError(problems),
  });
}
