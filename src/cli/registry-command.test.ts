import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CliError, EXIT } from './cli-error.ts';
import { count, paging } from './registry-command.ts';

describe('registry command helpers', () => {
  it('checks --limit and --offset as whole numbers in range, as bad input', () => {
    assert.deepEqual(paging({ limit: '50', offset: '0' }), { limit: 50, offset: 0 });
    assert.deepEqual(paging({ limit: '10000', offset: '7' }), { limit: 10_000, offset: 7 });
    for (const limit of ['0', '10001', '1.5', 'x', ''])
      assert.throws(
        () => paging({ limit, offset: '0' }),
        (error: unknown) => error instanceof CliError && error.exitCode === EXIT.badInput && /--limit/.test(error.message),
      );
    for (const offset of ['-1', '0.5', 'x'])
      assert.throws(
        () => paging({ limit: '1', offset }),
        (error: unknown) => error instanceof CliError && /--offset/.test(error.message),
      );
  });

  it('counts in the singular only for one', () => {
    assert.equal(count(0, 'audit record'), '0 audit records');
    assert.equal(count(1, 'label'), '1 label');
    assert.equal(count(2, 'project'), '2 projects');
  });
});
