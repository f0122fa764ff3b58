/**
 * Converts `## ` sections appended to the old single docs/decisions.md (by branches merged
 * after the split) into numbered records under docs/decisions/, then regenerates the index.
 *   node --import tsx scripts/decisions-from-legacy.ts FILE [--date YYYY-MM-DD] [--dir docs/decisions]
 * FILE holds the appended sections (a whole old-style file works too: text before the first
 * `## ` is ignored). Each section becomes one record: Date today unless --date, Status
 * accepted, Area from the heading, Held by every `*.test.ts` path the text names that exists
 * in the repository, else `none yet`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { areaOf, legacySections, testPathsIn, writeIndex, writeRecords, type NewRecord } from './decisions-lib.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface LegacyOptions {
  readonly dir: string;
  readonly date?: string;
  /** Where `Held by` paths must exist (the repository root). */
  readonly root?: string;
}

export function legacyRecords(text: string, options: LegacyOptions): NewRecord[] {
  const date = options.date ?? new Date().toISOString().slice(0, 10);
  const root = options.root ?? ROOT;
  return legacySections(text).map((section) => ({
    title: section.heading.replace(/\s*\(\d{4}-\d{2}-\d{2}\)$/, ''),
    date,
    area: areaOf(section.heading),
    heldBy: testPathsIn(section.body).filter((p) => existsSync(join(root, p))),
    body: section.body,
  }));
}

/** Writes the sections of `text` as the next records in `options.dir`; returns the new file names. */
export async function convertLegacy(text: string, options: LegacyOptions): Promise<string[]> {
  const written = await writeRecords(options.dir, legacyRecords(text, options));
  await writeIndex(options.dir);
  return written;
}

function option(args: readonly string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

async function main(args: readonly string[]): Promise<number> {
  const file = args.find((a, i) => !a.startsWith('--') && !['--date', '--dir'].includes(args[i - 1] ?? ''));
  const date = option(args, '--date');
  if (!file || (date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(date))) {
    console.error('usage: decisions-from-legacy.ts FILE [--date YYYY-MM-DD] [--dir docs/decisions]');
    return 2;
  }
  const dir = resolve(option(args, '--dir') ?? join(ROOT, 'docs/decisions'));
  const written = await convertLegacy(readFileSync(file, 'utf8'), { dir, ...(date ? { date } : {}) });
  if (written.length === 0) console.error(`no "## " sections in ${file}`);
  for (const f of written) console.log(join(dir, f));
  return written.length === 0 ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = await main(process.argv.slice(2));
}
