/** Turns a project import file's text into raw rows: a JSON array, or CSV whose header names the fields. */
import { parse as parseCsv } from 'csv-parse/sync';

export type ProjectFileFormat = 'json' | 'csv';

export class ProjectFileError extends Error {
  override readonly name = 'ProjectFileError';
}

export function detectProjectFileFormat(text: string, fileName?: string): ProjectFileFormat {
  const lower = fileName?.toLowerCase() ?? '';
  if (lower.endsWith('.json')) return 'json';
  if (lower.endsWith('.csv')) return 'csv';
  return text.trimStart().startsWith('[') ? 'json' : 'csv';
}

export function parseProjectFile(text: string, format: ProjectFileFormat): unknown[] {
  if (format === 'json') {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (error) {
      throw new ProjectFileError(`the file is not valid JSON: ${(error as Error).message}`, { cause: error });
    }
    if (!Array.isArray(data)) throw new ProjectFileError('a JSON project file must hold an array of projects');
    return data;
  }
  try {
    return parseCsv(text, { columns: true, skip_empty_lines: true, trim: true, bom: true }) as unknown[];
  } catch (error) {
    throw new ProjectFileError(`the file is not valid CSV: ${(error as Error).message}`, { cause: error });
  }
}
