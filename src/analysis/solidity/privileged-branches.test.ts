import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildProgram } from './build-program.ts';
import { analyzeContract } from './contract-analysis.ts';
import { privilegedBranches, privilegedEntries } from './privileged-branches.ts';

function analysisOf(source: string) {
  const program = buildProgram(new Map([['t.sol', source]]), {});
  return analyzeContract(program, program.contracts.at(-1)!);
}

const TOKEN = (body: string) => `
pragma solidity 0.8.20;
interface IFactory { function createPair(address a, address b) external returns (address); }
contract T {
  mapping(address => uint256) public balanceOf;
  mapping(address => bool) public locked;
  address public owner;
  address public pair;
  address public desk;
  uint256 public totalSupply;
  constructor(IFactory f) { owner = msg.sender; desk = msg.sender; pair = f.createPair(address(this), address(1)); }
  function setOwner(address o) external { require(msg.sender == owner); owner = o; }
  function takeDesk() external { desk = msg.sender; }
  ${body}
}`;

test('a branch only the owner reaches, in an open function, is a privileged entry holding that branch’s writes', () => {
  const a = analysisOf(
    TOKEN(`function transfer(address to, uint256 v) external returns (bool) {
      if (msg.sender == owner) { locked[to] = true; } else { totalSupply += 0; }
      balanceOf[msg.sender] -= v; balanceOf[to] += v; return true; }`),
  );
  const branches = privilegedBranches(a);
  assert.equal(branches.length, 1);
  assert.equal(branches[0]!.fn.name, 'transfer');
  assert.deepEqual(
    branches[0]!.summary.writes.map((w) => w.v.name),
    ['locked'],
  );
  assert.equal(branches[0]!.authorities[0]!.v?.name, 'owner');
  assert.ok(privilegedEntries(a).some((e) => e.fn.name === 'setOwner'));
});

test('the else arm of a check that the caller is not the owner is the owner’s', () => {
  const a = analysisOf(
    TOKEN(`function approve(address s, uint256 v) external returns (bool) {
      if (msg.sender != owner) { totalSupply += 0; } else { balanceOf[s] = v; } return true; }`),
  );
  assert.deepEqual(
    privilegedBranches(a).map((e) => e.summary.writes.map((w) => w.v.name)),
    [['balanceOf']],
  );
});

test('branches for the pair, for an address anyone can take, or in view functions are not privileged', () => {
  const a = analysisOf(
    TOKEN(`function transfer(address to, uint256 v) external returns (bool) {
      if (msg.sender == pair) { locked[to] = true; }
      if (msg.sender == desk) { balanceOf[to] = v; }
      balanceOf[msg.sender] -= v; balanceOf[to] += v; return true; }
      function peek() external view returns (uint256) { if (msg.sender == owner) { return 1; } return 0; }`),
  );
  assert.deepEqual(privilegedBranches(a), []);
});
