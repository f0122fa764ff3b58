/**
 * The fixed split of ../shared/eval-dev into two halves, by a hash of each file's name
 * (not its path or content), so every accuracy script and every session agrees on which
 * half a file is in. Develop on half A; half B checks that a change generalises.
 */
import { createHash } from 'node:crypto';
import { basename } from 'node:path';

export type EvalHalf = 'A' | 'B';

/** The half a labelled file belongs to: the low bit of the first byte of SHA-256 of its file name. */
export function evalHalf(file: string): EvalHalf {
  const first = createHash('sha256').update(basename(file)).digest()[0]!;
  return (first & 1) === 0 ? 'A' : 'B';
}

/** The `--half A|B` argument of a script, or null for both halves; exits on anything else. */
export function halfArgument(argv: readonly string[]): EvalHalf | null {
  const i = argv.indexOf('--half');
  if (i < 0) return null;
  const value = argv[i + 1]?.toUpperCase();
  if (value === 'A' || value === 'B') return value;
  console.error('--half takes A or B');
  process.exit(2);
}
