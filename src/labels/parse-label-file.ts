/**
 * Turns an import file's text into raw rows: a JSON array of labels (or a seed file's
 * `{labels: [...]}`), or CSV whose header names the label's fields. Validation follows.
 */
import { parse as parseCsv } from 'csv-parse/sync';

export type LabelFileFormat = 'json' | 'csv';

export class LabelFileError extends Error {
  override readonly name = 'LabelFileError';
}

export function detectLabelFileFormat(text: string, fileName?: string): LabelFileFormat {
  const lower = fileName?.toLowerCase() ?? '';
  if (lower.endsWith('.json')) return 'json';
  if (lower.endsWith('.csv')) return 'csv';
  const first = text.trimStart()[0];
  return first === '[' || first === '{' ? 'json' : 'csv';
}

export function parseLabelFile(text: string, format: LabelFileFormat): unknown[] {
  if (format === 'json') {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (error) {
      throw new LabelFileError(`the file is not valid JSON: ${(error as Error).message}`, { cause: error });
    }
    if (Array.isArray(data)) return data;
    // A seed file: provenance beside the labels.
    if (data !== null && typeof data === 'object' && Array.isArray((data as { labels?: unknown }).labels))
      return (data as { labels: unknown[] }).labels;
    throw new LabelFileError('a JSON label file must hold an array of labels (or an object with a "labels" array)');
  }
  try {
    return parseCsv(text, { columns: true, skip_empty_lines: true, trim: true, bom: true }) as unknown[];
  } catch (error) {
    throw new LabelFileError(`the file is not valid CSV: ${(error as Error).message}`, { cause: error });
  }
}
