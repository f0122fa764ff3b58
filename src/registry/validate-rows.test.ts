import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { problemSummary, validateRows, type RowProblem, type RowRules } from './validate-rows.ts';

class RowsError extends Error {
  constructor(readonly problems: readonly RowProblem[]) {
    super(problemSummary(problems, 'things'));
  }
}

/** A registry of named things: `name` is required and is the key. */
const rules: RowRules<{ name: string }> = {
  check(row, index, problems) {
    if (typeof row.name !== 'string' || row.name === '') {
      problems.push({ row: index, field: 'name', problem: 'required' });
      return { name: '' };
    }
    return { name: row.name };
  },
  key: (thing) => thing.name,
  sameKey: 'same name',
  fail: (problems) => new RowsError(problems),
};

function problemsOf(rows: unknown[]): readonly RowProblem[] {
  try {
    validateRows(rows, rules);
  } catch (error) {
    assert.ok(error instanceof RowsError);
    return error.problems;
  }
  assert.fail('expected the rows to be refused');
}

describe('validateRows', () => {
  it('returns every record when all rows are good', () => {
    assert.deepEqual(validateRows([{ name: 'a' }, { name: 'b' }], rules), [{ name: 'a' }, { name: 'b' }]);
    assert.deepEqual(validateRows([], rules), []);
  });

  it('names every problem by 1-based row, refuses non-objects and repeated keys, and imports nothing', () => {
    assert.deepEqual(problemsOf([{ name: 'a' }, null, [1], { name: '' }, { name: 'a' }]), [
      { row: 2, field: '*', problem: 'not an object' },
      { row: 3, field: '*', problem: 'not an object' },
      { row: 4, field: 'name', problem: 'required' },
      { row: 5, field: 'address', problem: 'same name as row 1' },
    ]);
  });

  it('drops a row that added a problem even when check returned a record', () => {
    // Row 1 is refused, so row 2 with the same (empty) key is not called a repeat of it.
    assert.deepEqual(problemsOf([{ name: '' }, { name: '' }]), [
      { row: 1, field: 'name', problem: 'required' },
      { row: 2, field: 'name', problem: 'required' },
    ]);
  });
});

describe('problemSummary', () => {
  it('counts the problems and shows the first three', () => {
    const one = [{ row: 1, field: 'name', problem: 'required' }];
    assert.equal(problemSummary(one, 'things'), '1 problem in the things, nothing imported: row 1 name: required');
    const four = [1, 2, 3, 4].map((row) => ({ row, field: 'f', problem: 'bad' }));
    assert.equal(problemSummary(four, 'labels'), '4 problems in the labels, nothing imported: row 1 f: bad; row 2 f: bad; row 3 f: bad; …');
  });
});
