import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { matchingLines } from './matching-lines.ts';

const ORIGIN = [
  'contract Ownable {',
  '    address private _owner;',
  '',
  '    function owner() public view returns (address) {',
  '        return _owner;',
  '    }',
  '',
  '    function transferOwnership(address next) public {',
  '        _owner = next;',
  '    }',
  '}',
].join('\n');

describe('matchingLines', () => {
  it('marks the lines copied in order on both sides, whatever their indentation', () => {
    const mine = [
      'contract Mine {',
      '  address private _owner;',
      '  uint256 extra;',
      '  function owner() public view returns (address) {',
      '      return _owner;',
      '  }',
      '}',
    ].join('\n');
    const result = matchingLines(mine, ORIGIN);
    assert.deepEqual(result.mine, [false, true, false, true, true, false, false]);
    assert.deepEqual(
      result.theirs.flatMap((hit, i) => (hit ? [i] : [])),
      [1, 3, 4],
    );
    assert.equal(result.comparable, 5); // the braces-only lines cannot match
    assert.equal(result.matched, 3);
  });

  it('keeps the order: lines copied in reverse match only as far as order allows', () => {
    const mine = ['        _owner = next;', '        return _owner;'].join('\n');
    const result = matchingLines(mine, ORIGIN);
    assert.equal(result.matched, 1);
  });

  it('finds nothing in unrelated code, and nothing in braces alone', () => {
    assert.equal(matchingLines('contract Other {\n  uint256 x;\n}', ORIGIN).matched, 0);
    const braces = matchingLines('}\n}\n{', ORIGIN);
    assert.deepEqual([braces.comparable, braces.matched], [0, 0]);
    assert.ok(braces.theirs.every((hit) => !hit));
  });

  it('falls back to line presence for files too large for the table, still per line', () => {
    const big = Array.from({ length: 2_500 }, (_, i) => `uint256 v${i};`).join('\n');
    const result = matchingLines(big, big.split('\n').reverse().join('\n'));
    assert.equal(result.matched, 2_500); // order is not checked past the limit
    assert.ok(result.theirs.every(Boolean));
  });
});
