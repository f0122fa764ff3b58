/**
 * Turns an import file's text into raw rows: a JSON array of records, or CSV whose
 * header names the audit record's fields. Validation happens afterwards, on all rows.
 */
import { parse as parseCsv } from 'csv-parse/sync';

export type AuditFileFormat = 'json' | 'csv';

export class AuditFileError extends Error {
  override readonly name = 'AuditFileError';
}

/** Picks the format from the file name, else from the first non-blank character. */
export function detectAuditFileFormat(text: string, fileName?: string): AuditFileFormat {
  const lower = fileName?.toLowerCase() ?? '';
  if (lower.endsWith('.json')) return 'json';
  if (lower.endsWith('.csv')) return 'csv';
  const first = text.trimStart()[0];
  return first === '[' || first === '{' ? 'json' : 'csv';
}

export function parseAuditFile(text: string, format: AuditFileFormat): unknown[] {
  if (format === 'json') {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (error) {
      throw new AuditFileError(`the file is not valid JSON: ${(error as Error).message}`, { cause: error });
    }
    if (!Array.isArray(data)) throw new AuditFileError('a JSON import file must hold an array of audit records');
    return data;
  }
  try {
    return parseCsv(text, { columns: true, skip_empty_lines: true, trim: true, bom: true }) as unknown[];
  } catch (error) {
    throw new AuditFileError(`the file is not valid CSV: ${(error as Error).message}`, { cause: error });
  }
}
