/** One parsed file of the program, with line lookup. */
import { parseSolidity, type ParsedFile } from './syntax-tree.ts';

export interface SourceUnit {
  readonly path: string;
  readonly source: string;
  readonly parsed: ParsedFile;
  /** True for files found through the import resolver (libraries), not given as input. */
  readonly external: boolean;
  readonly lineStarts: number[];
}

export function createSourceUnit(path: string, source: string, external: boolean): SourceUnit {
  const lineStarts = [0];
  for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  return { path, source, parsed: parseSolidity(source), external, lineStarts };
}

/** 1-based line of a UTF-16 offset. */
export function lineOf(unit: SourceUnit, offset: number): number {
  const starts = unit.lineStarts;
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/** Number of lines as an editor shows them (a trailing newline does not start a line). */
export function lineCount(unit: SourceUnit): number {
  if (unit.source.length === 0) return 0;
  return unit.source.endsWith('\n') ? unit.lineStarts.length - 1 : unit.lineStarts.length;
}
