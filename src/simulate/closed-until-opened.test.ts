import { test } from 'node:test';
import assert from 'node:assert/strict';
import { simulateSource } from './simulate-source.ts';
import { smartAuditKey } from './exploration-findings.ts';

/** A plain 0.8 token whose `_move` runs `gate` first; `extra` adds members (the switch). */
function token(name: string, gate: string, extra: string): Record<string, string> {
  return {
    [`${name}.sol`]: `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract ${name} {
  string public name = "${name}";
  string public symbol = "GATE";
  uint8 public decimals = 18;
  uint256 public totalSupply = 1e27;
  address public owner;
  mapping(address => uint256) public balanceOf;
  mapping(address => mapping(address => uint256)) public allowance;
  event Transfer(address indexed from, address indexed to, uint256 value);
  event Approval(address indexed owner, address indexed spender, uint256 value);
  modifier onlyOwner() { require(msg.sender == owner, "not owner"); _; }
  constructor() { owner = msg.sender; balanceOf[msg.sender] = totalSupply; emit Transfer(address(0), msg.sender, totalSupply); }
${extra}
  function approve(address s, uint256 v) external returns (bool) { allowance[msg.sender][s] = v; emit Approval(msg.sender, s, v); return true; }
  function transfer(address to, uint256 v) external returns (bool) { _move(msg.sender, to, v); return true; }
  function transferFrom(address f, address to, uint256 v) external returns (bool) {
    if (allowance[f][msg.sender] != type(uint256).max) allowance[f][msg.sender] -= v;
    _move(f, to, v);
    return true;
  }
  function _move(address f, address to, uint256 v) internal {
    ${gate}
    balanceOf[f] -= v; balanceOf[to] += v; emit Transfer(f, to, v);
  }
}`,
  };
}

const closed = (r: Awaited<ReturnType<typeof simulateSource>>) =>
  r.exploration?.effects.filter((e) => e.kind === 'closed-until-opened') ?? [];

test('a token only its owner can move until trading opens: the holder stuck before the opening is proven, at the switch', async () => {
  const sources = token(
    'LaunchGate',
    'require(tradingOpen || f == owner, "trading not open");',
    '  bool public tradingOpen;\n  function goLive() external onlyOwner { tradingOpen = true; }',
  );
  const r = await simulateSource(sources, { maxBuy: false });
  assert.equal(r.taxes.error, '', r.reason);
  assert.ok(r.evidence.some((s) => /open trading: the deployer \(owner\) calls goLive\(\)/.test(s.description)));
  const [effect, ...rest] = closed(r);
  assert.ok(effect, JSON.stringify(r.exploration?.effects));
  assert.equal(rest.length, 0);
  assert.equal(effect.signature, 'goLive()');
  assert.equal(effect.sellRestriction, true);
  assert.match(
    effect.evidence,
    /before the owner opened trading with `goLive\(\)`, a holder the owner had sent \d+ raw units could not move them/,
  );
  assert.match(effect.evidence, /"trading not open"/);
  // Located at the switch: the line that declares goLive.
  const line = sources['LaunchGate.sol']!.split('\n').findIndex((l) => l.includes('function goLive')) + 1;
  assert.deepEqual(effect.location, { file: 'LaunchGate.sol', range: [line, line] });
  assert.equal(smartAuditKey(effect), 'pause');
  // The proof ran last: every trade before it still passed and the step says what was seen.
  assert.ok(
    r.evidence.some((s) => s.step === 'owner-action' && s.ok && /exploration: before the owner opened trading/.test(s.description)),
  );
});

test('a token no one can move until it is released: the owner’s own transfer before the release is the proof', async () => {
  const r = await simulateSource(
    token(
      'Releasable',
      'require(released, "not released");',
      '  bool public released;\n  function release() external onlyOwner { released = true; }',
    ),
    { maxBuy: false },
  );
  assert.equal(r.taxes.error, '', r.reason);
  const [effect] = closed(r);
  assert.ok(effect, JSON.stringify(r.exploration?.effects));
  assert.match(
    effect.evidence,
    /no one could move tokens: the owner's own transfer of \d+ raw units to a fresh account reverted \("not released"\)/,
  );
});

test('no proof where holders could move tokens before the opening, or where nothing had to be opened', async () => {
  // The switch gates buys from the pool only: a holder's plain transfer passed before it too.
  const buysOnly = await simulateSource(
    token(
      'BuyGate',
      'require(buysOpen || f != pair || to == owner, "buys closed");',
      '  bool public buysOpen;\n  address public pair;\n  function setPair(address p) external onlyOwner { pair = p; }\n  function startTrading() external onlyOwner { buysOpen = true; }',
    ),
    { maxBuy: false },
  );
  assert.equal(buysOnly.taxes.error, '', buysOnly.reason);
  assert.deepEqual(closed(buysOnly), []);
  const open = await simulateSource(token('Open', '', ''), { maxBuy: false });
  assert.equal(open.taxes.error, '', open.reason);
  assert.deepEqual(closed(open), []);
});
