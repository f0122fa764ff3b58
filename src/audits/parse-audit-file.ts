/**
 * Turns an import file's text into raw rows: a JSON array of records, or CSV whose
 * header names the audit record's fields. Validation happens afterwards, on all rows.
 */
import { detectImportFileFormat, readCsvRows, readJson, type ImportFileFormat } from '../registry/import-file.ts';
import { AppError } from '../errors/app-error.ts';

export type AuditFileFormat = ImportFileFormat;

/** A audit file that cannot be read: answered 400 with its message. */
export class AuditFileError extends AppError {
  override readonly name = 'AuditFileError';
  constructor(message: string, options?: ErrorOptions) {
    super(400, message, { cause: options?.cause });
  }
}

/** Picks the format from the file name, else from the first non-blank character. */
export function detectAuditFileFormat(text: string, fileName?: string): AuditFileFormat {
  return detectImportFileFormat(text, fileName, true);
}

export function parseAuditFile(text: string, format: AuditFileFormat): unknown[] {
  if (format === 'csv') return readCsvRows(text, AuditFileError);
  const data = readJson(text, AuditFileError);
  if (!Array.isArray(data)) throw new AuditFileError('a JSON import file must hold an array of audit records');
  return data;
}
