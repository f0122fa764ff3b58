/**
 * The all-or-nothing row check the operator registries share (projects, labels): every row
 * is checked, every problem is named by row and field, a repeated key is a problem, and one
 * bad row imports nothing. What a valid row is stays with each registry (`check`).
 */

export interface RowProblem {
  /** 1-based row of the import (data rows; a CSV header is not counted). */
  readonly row: number;
  readonly field: string;
  readonly problem: string;
}

/** "2 problems in the labels, nothing imported: row 1 address: required; …" (the first three). */
export function problemSummary(problems: readonly RowProblem[], what: string): string {
  const shown = problems
    .slice(0, 3)
    .map((p) => `row ${p.row} ${p.field}: ${p.problem}`)
    .join('; ');
  return `${problems.length} problem${problems.length === 1 ? '' : 's'} in the ${what}, nothing imported: ${shown}${problems.length > 3 ? '; …' : ''}`;
}

export interface RowRules<T> {
  /**
   * Checks one row (already known to be an object) and returns the record, or undefined;
   * adds its problems to `problems`. A row that added a problem is dropped even if returned.
   */
  readonly check: (row: Record<string, unknown>, index: number, problems: RowProblem[]) => T | undefined;
  /** Two rows with the same key would overwrite each other: the second is refused. */
  readonly key: (record: T) => string;
  /** What the key is, for the problem: "same network and address". */
  readonly sameKey: string;
  /** The error to throw with every problem found. */
  readonly fail: (problems: readonly RowProblem[]) => Error;
}

/** Checks every row and returns the records, or throws `rules.fail(problems)` listing all problems. */
export function validateRows<T>(rows: readonly unknown[], rules: RowRules<T>): T[] {
  const problems: RowProblem[] = [];
  const records: T[] = [];
  const seen = new Map<string, number>();
  rows.forEach((raw, i) => {
    const index = i + 1;
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
      problems.push({ row: index, field: '*', problem: 'not an object' });
      return;
    }
    const before = problems.length;
    const record = rules.check(raw as Record<string, unknown>, index, problems);
    if (problems.length > before || record === undefined) return;
    const key = rules.key(record);
    const first = seen.get(key);
    if (first !== undefined) {
      problems.push({ row: index, field: 'address', problem: `${rules.sameKey} as row ${first}` });
      return;
    }
    seen.set(key, index);
    records.push(record);
  });
  if (problems.length > 0) throw rules.fail(problems);
  return records;
}
