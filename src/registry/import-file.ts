/**
 * Reading an operator registry's import file (audits, labels, projects) into raw rows: a
 * JSON document or CSV whose header names the fields. Each registry says what its JSON must
 * hold and throws its own error class; validation of the rows follows elsewhere.
 */
import { parse as parseCsv } from 'csv-parse/sync';

export type ImportFileFormat = 'json' | 'csv';

/** A registry's file error class (its message is shown to the operator as is). */
export type FileErrorClass = new (message: string, options?: ErrorOptions) => Error;

/**
 * Picks the format from the file name, else from the first non-blank character: `[` is
 * JSON, and `{` too where the registry reads a JSON object (`objectIsJson`).
 */
export function detectImportFileFormat(text: string, fileName: string | undefined, objectIsJson: boolean): ImportFileFormat {
  const lower = fileName?.toLowerCase() ?? '';
  if (lower.endsWith('.json')) return 'json';
  if (lower.endsWith('.csv')) return 'csv';
  const first = text.trimStart()[0];
  return first === '[' || (objectIsJson && first === '{') ? 'json' : 'csv';
}

/** The parsed JSON document, or the registry's error naming what is wrong with it. */
export function readJson(text: string, FileError: FileErrorClass): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new FileError(`the file is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
}

/** One object per data row, keyed by the header; blank lines skipped, cells trimmed, a BOM ignored. */
export function readCsvRows(text: string, FileError: FileErrorClass): unknown[] {
  try {
    return parseCsv(text, { columns: true, skip_empty_lines: true, trim: true, bom: true }) as unknown[];
  } catch (error) {
    throw new FileError(`the file is not valid CSV: ${(error as Error).message}`, { cause: error });
  }
}
