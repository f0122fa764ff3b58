/**
 * Validation of audit records arriving from the operator (import files, CLI, admin API).
 * Each problem names the row and field so a 10,000-row file can be fixed in one pass.
 */
import { isEvmAddress, normalizeEvmAddress } from '../interface/address.ts';
import { LOCAL_NETWORK, findNetworkForOperation } from '../chain/networks.ts';
import type { AuditRecord } from '../interface/schemas/audit-record.ts';
import { AppError } from '../errors/app-error.ts';
import { MESSAGES } from '../interface/messages.ts';

export const AUDIT_FIELDS = ['slug', 'name', 'createdAt', 'reportFile', 'reportUrl', 'finishedAt', 'address', 'network'] as const;

export interface RowProblem {
  /** 1-based position in the file (data rows; a CSV header is not counted). */
  readonly row: number;
  readonly field: string;
  readonly problem: string;
}

/** Rows that cannot be imported: answered 400 with the spec's words and the `problems`. */
export class AuditValidationError extends AppError {
  override readonly name = 'AuditValidationError';
  constructor(readonly problems: readonly RowProblem[]) {
    super(
      400,
      `${problems.length} problem${problems.length === 1 ? '' : 's'} found, nothing imported:\n` +
        problems
          .slice(0, 50)
          .map((p) => `  row ${p.row}, ${p.field}: ${p.problem}`)
          .join('\n') +
        (problems.length > 50 ? `\n  … and ${problems.length - 50} more` : ''),
      { clientMessage: MESSAGES.admin.invalidAuditRecords, fields: { problems } },
    );
  }
}

const MAX_TEXT = 2048;

function isTimestamp(value: string): boolean {
  // ISO 8601 with a date and a time; a bare date like 2024-01-01 is accepted as midnight UTC.
  if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value)) return false;
  return !Number.isNaN(Date.parse(value));
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Checks one raw record and returns it normalised (lower-case address, UTC timestamps). */
export function validateAuditRecord(raw: unknown, row: number, problems: RowProblem[]): AuditRecord | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    problems.push({ row, field: '(row)', problem: 'must be an object with the audit record fields' });
    return undefined;
  }
  const input = raw as Record<string, unknown>;
  const before = problems.length;
  const text = (field: (typeof AUDIT_FIELDS)[number]): string => {
    const value = input[field];
    if (typeof value !== 'string' || value.trim() === '') {
      problems.push({ row, field, problem: value === undefined ? 'is missing' : 'must be a non-empty string' });
      return '';
    }
    if (value.length > MAX_TEXT) problems.push({ row, field, problem: `is longer than ${MAX_TEXT} characters` });
    return value.trim();
  };

  for (const key of Object.keys(input)) {
    if (!(AUDIT_FIELDS as readonly string[]).includes(key))
      problems.push({ row, field: key, problem: 'is not a field of the audit record' });
  }
  const record = {
    slug: text('slug'),
    name: text('name'),
    createdAt: text('createdAt'),
    reportFile: text('reportFile'),
    reportUrl: text('reportUrl'),
    finishedAt: text('finishedAt'),
    address: text('address'),
    network: text('network').toUpperCase(),
  };
  for (const field of ['createdAt', 'finishedAt'] as const) {
    if (record[field] && !isTimestamp(record[field])) problems.push({ row, field, problem: 'must be an ISO 8601 timestamp' });
  }
  for (const field of ['reportFile', 'reportUrl'] as const) {
    if (record[field] && !isHttpUrl(record[field])) problems.push({ row, field, problem: 'must be an http(s) URL' });
  }
  if (record.address && !isEvmAddress(record.address))
    problems.push({ row, field: 'address', problem: 'must be a 0x-prefixed 20-byte hex address' });
  // Audits may be recorded for every network operation 1 accepts, and for the devnet.
  if (record.network && record.network !== LOCAL_NETWORK.symbol && !findNetworkForOperation('audits', record.network, { devnet: false })) {
    problems.push({ row, field: 'network', problem: `"${record.network}" is not a network of the audit lookup` });
  }
  if (problems.length > before) return undefined;
  return {
    ...record,
    address: normalizeEvmAddress(record.address),
    createdAt: new Date(record.createdAt).toISOString(),
    finishedAt: new Date(record.finishedAt).toISOString(),
  };
}

/** Validates every record; throws AuditValidationError listing all problems if any. */
export function validateAuditRecords(raw: readonly unknown[]): AuditRecord[] {
  const problems: RowProblem[] = [];
  const records: AuditRecord[] = [];
  raw.forEach((item, index) => {
    const record = validateAuditRecord(item, index + 1, problems);
    if (record) records.push(record);
  });
  if (problems.length > 0) throw new AuditValidationError(problems);
  return records;
}
