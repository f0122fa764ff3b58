import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runDetectors } from '../engine.ts';
import { buildProgram } from '../../solidity/build-program.ts';
import detector from './integer-overflow.ts';
import { assertDetectorFixtures } from '../detector-test-helper.ts';

test('integer-overflow flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});

// Fixtures must compile with the solc their pragma selects, and an open pragma selects
// 0.8, which rejects `now`: the open-pragma dialect is tested on inline sources instead.
test('integer-overflow reads syntax removed before 0.8 under an open pragma as an unchecked compiler', () => {
  const body = (pragma: string, stamp: string) => `pragma solidity ${pragma};
contract Locker {
    mapping(address => uint256) public lockTime;
    function increaseLockTime(uint256 secs) public {
        lockTime[msg.sender] += secs;
    }
    function withdraw() public view returns (bool) {
        return ${stamp} > lockTime[msg.sender];
    }
}
`;
  const lines = (source: string) =>
    runDetectors(buildProgram(new Map([['f.sol', source]]), {}), [detector]).raw.map((r) => r.finding.ranges[0]![0]);
  assert.deepEqual(lines(body('>=0.5.1', 'now')), [5]);
  assert.deepEqual(lines(body('>=0.5.1', 'block.timestamp')), []);
  assert.deepEqual(lines(body('^0.8.0', 'block.timestamp')), []);
});
