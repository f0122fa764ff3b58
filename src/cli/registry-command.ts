/**
 * What the operator registries' commands (`audits`, `labels`, `projects`) share: `import FILE`
 * all or nothing, the --limit/--offset check of `list`, and "N things" counts. What each
 * registry lists, removes and validates stays in its own command file.
 */
import type { Command } from 'commander';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { CliError } from './cli-error.ts';
import { readImportFile } from './read-import-file.ts';
import { output, withStore } from './with-store.ts';

type FileFormat = 'json' | 'csv';
type ErrorClass = abstract new (...args: never[]) => Error;
type ValidationErrorClass = abstract new (...args: never[]) => Error & { readonly problems: readonly unknown[] };

export interface RegistryImport<T> {
  /** Singular noun of the counts: "imported 2 audit records". */
  readonly noun: string;
  /** The error the registry's validation throws with every problem found. */
  readonly ValidationError: ValidationErrorClass;
  /** `file` is the import's file name, or undefined for rows built from options. */
  readonly validate: (rows: readonly unknown[], file: string | undefined) => T[];
  readonly upsert: (db: Kysely<Database>, records: T[]) => Promise<{ imported: number }>;
}

export interface RegistryFileImport<T> extends RegistryImport<T> {
  readonly maxFileBytes: number;
  readonly detectFormat: (text: string, file: string) => FileFormat;
  readonly parse: (text: string, format: FileFormat) => unknown[];
  /** The error the parser throws for a file it cannot read as rows. */
  readonly FileError: ErrorClass;
}

/** "1 label", "2 labels". */
export function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** Validates every row and stores them, or stores nothing: with --json the problems are printed too. */
export async function importRows<T>(
  spec: RegistryImport<T>,
  rows: readonly unknown[],
  file: string | undefined,
  json: boolean,
): Promise<void> {
  let records: T[];
  try {
    records = spec.validate(rows, file);
  } catch (error) {
    if (error instanceof spec.ValidationError) {
      if (json) process.stdout.write(`${JSON.stringify({ imported: 0, problems: error.problems }, null, 2)}\n`);
      throw new CliError(error.message);
    }
    throw error;
  }
  const result = await withStore((store) => spec.upsert(store.db, records));
  output(json, result, () => `imported ${count(result.imported, spec.noun)}`);
}

/** Adds `import <file>` (JSON array or CSV; one bad row imports nothing) to a registry's command. */
export function addImportCommand<T>(parent: Command, description: string, spec: RegistryFileImport<T>): void {
  parent
    .command('import <file>')
    .description(description)
    .option('--format <format>', 'json or csv (default: from the file name)')
    .option('--json', 'machine-readable output')
    .action(async (file: string, options: { format?: string; json?: boolean }) => {
      if (options.format !== undefined && options.format !== 'json' && options.format !== 'csv')
        throw new CliError('--format must be json or csv');
      const text = await readImportFile(file, spec.maxFileBytes);
      const format = (options.format as FileFormat | undefined) ?? spec.detectFormat(text, file);
      let rows: unknown[];
      try {
        rows = spec.parse(text, format);
      } catch (error) {
        if (error instanceof spec.FileError) throw new CliError(`${file}: ${error.message}`);
        throw error;
      }
      await importRows(spec, rows, file, options.json === true);
    });
}

/** The --limit and --offset of a `list`, checked. */
export function paging(options: { limit: string; offset: string }): { limit: number; offset: number } {
  const limit = Number(options.limit);
  const offset = Number(options.offset);
  if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw new CliError('--limit must be a whole number from 1 to 10000');
  if (!Number.isInteger(offset) || offset < 0) throw new CliError('--offset must be a whole number ≥ 0');
  return { limit, offset };
}
