/**
 * Turns an import file's text into raw rows: a JSON array of labels (or a seed file's
 * `{labels: [...]}`), or CSV whose header names the label's fields. Validation follows.
 */
import { detectImportFileFormat, readCsvRows, readJson, type ImportFileFormat } from '../registry/import-file.ts';
import { AppError } from '../errors/app-error.ts';

export type LabelFileFormat = ImportFileFormat;

/** A label file that cannot be read: answered 400 with its message. */
export class LabelFileError extends AppError {
  override readonly name = 'LabelFileError';
  constructor(message: string, options?: ErrorOptions) {
    super(400, message, { cause: options?.cause });
  }
}

export function detectLabelFileFormat(text: string, fileName?: string): LabelFileFormat {
  return detectImportFileFormat(text, fileName, true);
}

export function parseLabelFile(text: string, format: LabelFileFormat): unknown[] {
  if (format === 'csv') return readCsvRows(text, LabelFileError);
  const data = readJson(text, LabelFileError);
  if (Array.isArray(data)) return data;
  // A seed file: provenance beside the labels.
  if (data !== null && typeof data === 'object' && Array.isArray((data as { labels?: unknown }).labels))
    return (data as { labels: unknown[] }).labels;
  throw new LabelFileError('a JSON label file must hold an array of labels (or an object with a "labels" array)');
}
