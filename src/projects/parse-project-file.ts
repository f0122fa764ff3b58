/** Turns a project import file's text into raw rows: a JSON array, or CSV whose header names the fields. */
import { detectImportFileFormat, readCsvRows, readJson, type ImportFileFormat } from '../registry/import-file.ts';
import { AppError } from '../errors/app-error.ts';

export type ProjectFileFormat = ImportFileFormat;

/** A project file that cannot be read: answered 400 with its message. */
export class ProjectFileError extends AppError {
  override readonly name = 'ProjectFileError';
  constructor(message: string, options?: ErrorOptions) {
    super(400, message, { cause: options?.cause });
  }
}

/** A project file holds only an array, so a text starting with `{` is read as CSV. */
export function detectProjectFileFormat(text: string, fileName?: string): ProjectFileFormat {
  return detectImportFileFormat(text, fileName, false);
}

export function parseProjectFile(text: string, format: ProjectFileFormat): unknown[] {
  if (format === 'csv') return readCsvRows(text, ProjectFileError);
  const data = readJson(text, ProjectFileError);
  if (!Array.isArray(data)) throw new ProjectFileError('a JSON project file must hold an array of projects');
  return data;
}
