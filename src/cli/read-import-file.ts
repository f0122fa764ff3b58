/** Reads an import file (audits, labels, projects) as UTF-8 text, refusing one larger than the bound. */
import { readFile } from 'node:fs/promises';
import { CliError, readError } from './cli-error.ts';

export async function readImportFile(file: string, maxBytes: number): Promise<string> {
  let buffer: Buffer;
  try {
    buffer = await readFile(file);
  } catch (error) {
    throw readError(file, error);
  }
  if (buffer.length > maxBytes) throw new CliError(`${file} is larger than ${maxBytes / 1024 / 1024} MB`);
  return buffer.toString('utf8');
}
