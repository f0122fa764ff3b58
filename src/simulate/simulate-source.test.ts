import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { constructorArgumentAttempts } from './constructor-arguments.ts';
import { simulateSource } from './simulate-source.ts';

const fixture = (name: string) => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');
const bad = { 'BadTokens.sol': fixture('BadTokens.sol') };

test('a source-only scan of the devnet fee token reports its exact taxes', async () => {
  const source = readFileSync(new URL('../devnet/contracts/FeeToken.sol', import.meta.url), 'utf8');
  const r = await simulateSource({ 'FeeToken.sol': source }, { confirm: ['setFees'] });
  assert.equal(r.compiler.contract, 'FeeToken');
  assert.match(r.compiler.version, /^0\.8\./);
  assert.deepEqual([r.taxes.buyTax, r.taxes.transferTax, r.taxes.sellTax, r.taxes.error], [5, 5, 5, '']);
  assert.equal(r.mode, 'local');
  assert.ok(r.evidence[0]?.step === 'deploy' && r.evidence[0].ok);
  assert.match(r.evidence[0].description, /"Simulated Token","SIM","1000000000000000000000000000"/);
  assert.ok(r.confirmations.setFees?.confirmed);
});

test('a 0.6 fee-on-transfer token compiles with solc 0.6.12 and shows 3% everywhere', async () => {
  const r = await simulateSource({ 'FeeOnTransfer06.sol': fixture('FeeOnTransfer06.sol') }, { confirm: [], maxBuy: false });
  assert.equal(r.compiler.version, '0.6.12');
  assert.deepEqual([r.taxes.buyTax, r.taxes.transferTax, r.taxes.sellTax, r.taxes.error], [3, 3, 3, '']);
  assert.ok(r.taxes.buyGas > 21_000);
});

test('bad input gives a clear error value and reason, never a hang', async () => {
  const cases: [string, object, string, RegExp][] = [
    ['ConstructorReverts', {}, 'UNCAUGHT_ERROR', /constructor of ConstructorReverts reverted: deployment disabled/],
    ['NeedsLaunchCode', {}, 'UNCAUGHT_ERROR', /wrong launch code \(constructor takes 1 argument/],
    ['InfiniteLoop', { gasCap: 1_000_000n }, 'BUY_FAILED', /out of gas .* cap of 1000000 gas/],
    ['Rebasing', {}, 'QUOTE_ERROR', /rebasing/],
    ['Plain', { liquidity: 10n ** 13n }, 'INSUFFICIENT_LIQUIDITY', /too little to trade/],
  ];
  for (const [contractName, extra, error, reason] of cases) {
    const r = await simulateSource(bad, { contractName, confirm: [], maxBuy: false, ...extra });
    assert.equal(r.taxes.error, error, `${contractName}: ${r.reason}`);
    assert.match(r.reason, reason);
  }
  const ok = await simulateSource(bad, { contractName: 'NeedsLaunchCode', constructorArgs: [424242n], confirm: [], maxBuy: false });
  assert.deepEqual([ok.taxes.buyTax, ok.taxes.error], [0, '']);
});

test('sources that do not compile or hold no token say so', async () => {
  const broken = await simulateSource({ 'X.sol': 'pragma solidity ^0.8.0; contract X { function f() public { y = ; } }' });
  assert.equal(broken.taxes.error, 'UNCAUGHT_ERROR');
  assert.match(broken.compiler.error, /solc 0\.8\.\d+/);
  const none = await simulateSource({ 'C.sol': 'pragma solidity ^0.8.0; contract C { uint256 public x; }' });
  assert.equal(none.taxes.error, 'INVALID_TOKEN_ADDRESS');
  assert.match(none.reason, /no deployable ERC-20/);
  // A ledger that only transfers (no approve/transferFrom) can never be moved by a DEX router.
  const ledger = await simulateSource({
    'L.sol': `pragma solidity ^0.8.0;
      contract L {
        mapping(address => uint256) public balanceOf;
        uint256 public totalSupply = 1e24;
        constructor() { balanceOf[msg.sender] = totalSupply; }
        function transfer(address to, uint256 v) public returns (bool) { balanceOf[msg.sender] -= v; balanceOf[to] += v; return true; }
      }`,
  });
  assert.equal(ledger.taxes.error, 'INVALID_TOKEN_ADDRESS');
  assert.match(ledger.reason, /without approve and transferFrom a token cannot trade on a pool/);
});

test('constructor arguments are guessed from parameter names and types', () => {
  const abi = [
    {
      type: 'constructor',
      stateMutability: 'nonpayable',
      inputs: [
        { name: 'name_', type: 'string' },
        { name: 'symbol_', type: 'string' },
        { name: 'decimals_', type: 'uint8' },
        { name: 'totalSupply_', type: 'uint256' },
        { name: 'router_', type: 'address' },
        { name: 'taxFee', type: 'uint256' },
      ],
    },
  ] as const;
  const ctx = {
    deployer: '0x1111111111111111111111111111111111111111',
    router: '0x2222222222222222222222222222222222222222',
    factory: '0x3333333333333333333333333333333333333333',
    weth: '0x4444444444444444444444444444444444444444',
  } as const;
  const [first, second] = constructorArgumentAttempts(abi, ctx);
  assert.deepEqual(first, ['Simulated Token', 'SIM', 18, 10n ** 27n, ctx.router, 0n]);
  assert.deepEqual(second, ['Simulated Token', 'SIM', 18, 10n ** 27n, ctx.router, 1n]);
  assert.deepEqual(constructorArgumentAttempts([], ctx), [[]]);
});

test('real launches trade: supply elsewhere, a switch of any name, a hard-coded router, an exact pin not shipped; owner powers are proven on a holder', async () => {
  const launch = { 'LaunchTokens.sol': fixture('LaunchTokens.sol') };
  for (const contractName of ['ZeroSupplyAtLaunch', 'SupplyToTreasury', 'HardcodedRouter']) {
    const r = await simulateSource(launch, { contractName, maxBuy: false });
    assert.equal(r.taxes.error, '', `${contractName}: ${r.reason}`);
    assert.deepEqual([r.taxes.buyTax, r.taxes.sellTax], [0, 0], contractName);
    assert.match(r.compiler.notes.join(' '), /0\.8\.19.*compilers add 0\.8\.19/);
    assert.match(r.scope, /at launch, with guessed constructor arguments.*openRaise\(\)/);
    assert.ok(
      r.evidence.some((s) => s.step === 'owner-action' && /open trading: the deployer \(owner\) calls openRaise\(\)/.test(s.description)),
      contractName,
    );
    const freeze = r.ownerActions.find((a) => a.signature === 'setFreeze(address,bool)');
    assert.equal(freeze?.sellAfter, 'failed', contractName);
    assert.equal(freeze?.statement, 'after `setFreeze(holder, true)` by the owner the holder\'s sell reverted with "account frozen"');
    assert.equal(r.confirmations.blacklist?.confirmed, true);
  }
  const zero = await simulateSource(launch, { contractName: 'ZeroSupplyAtLaunch', confirm: [], maxBuy: false });
  assert.ok(zero.evidence.some((s) => s.step === 'fund' && /_ledger \(storage slot \d+\)/.test(s.description)));
  const treasury = await simulateSource(launch, { contractName: 'SupplyToTreasury', confirm: [], maxBuy: false });
  assert.ok(
    treasury.evidence.some(
      (s) => s.step === 'fund' && /paid the supply to 0x000000000000000000000000000000000000bEEF/i.test(s.description),
    ),
  );
  const routed = await simulateSource(launch, { contractName: 'HardcodedRouter', confirm: [], maxBuy: false });
  assert.ok(routed.evidence.some((s) => /hard-codes 0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D as a router/.test(s.description)));
});

test('a token that learns its pair from the owner is told the pool’s pair, and then only buys and the owner pass: SELL_FAILED', async () => {
  const token = (rule: string) => `pragma solidity ^0.8.0;
      contract P {
        mapping(address => uint256) public balanceOf;
        mapping(address => mapping(address => uint256)) public allowance;
        uint256 public totalSupply = 1e24;
        uint8 public decimals = 18;
        address public owner = msg.sender;
        address public pair;
        constructor() { balanceOf[msg.sender] = totalSupply; }
        function setPair(address p) external { require(msg.sender == owner); pair = p; }
        function approve(address s, uint256 v) public returns (bool) { allowance[msg.sender][s] = v; return true; }
        function transfer(address to, uint256 v) public returns (bool) { return move(msg.sender, to, v); }
        function transferFrom(address f, address to, uint256 v) public returns (bool) { allowance[f][msg.sender] -= v; return move(f, to, v); }
        function move(address f, address to, uint256 v) internal returns (bool) {
          ${rule}
          balanceOf[f] -= v; balanceOf[to] += v; return true;
        }
      }`;
  const trap = await simulateSource({ 'P.sol': token('require(f == owner || f == pair, "hold");') }, { confirm: [], maxBuy: false });
  assert.ok(
    trap.evidence.some((s) => s.step === 'owner-action' && /calls setPair\(the pair 0x[0-9a-fA-F]{40}\)/.test(s.description)),
    trap.reason,
  );
  assert.equal(trap.taxes.error, 'SELL_FAILED');
  assert.match(trap.reason, /hold/);
  // The same launch without the rule trades: telling the pair opened it, it did not close it.
  const open = await simulateSource({ 'P.sol': token('require(pair != address(0), "no pair yet");') }, { confirm: [], maxBuy: false });
  assert.equal(open.taxes.error, '', open.reason);
});

test('a token whose balanceOf makes up balances for accounts nobody paid is inconclusive, not SELL_FAILED', async () => {
  const r = await simulateSource(
    {
      'V.sol': `pragma solidity ^0.8.0;
      contract V {
        mapping(address => uint256) balances;
        mapping(address => bool) known;
        mapping(address => mapping(address => uint256)) public allowance;
        uint256 public totalSupply = 1e24;
        uint8 public decimals = 18;
        constructor() { balances[msg.sender] = totalSupply; known[msg.sender] = true; }
        function balanceOf(address a) public view returns (uint256) { return known[a] ? balances[a] : (a.balance > 0 ? 99e18 : 0); }
        function approve(address s, uint256 v) public returns (bool) { allowance[msg.sender][s] = v; return true; }
        function transfer(address to, uint256 v) public returns (bool) { return move(msg.sender, to, v); }
        function transferFrom(address f, address to, uint256 v) public returns (bool) { allowance[f][msg.sender] -= v; return move(f, to, v); }
        function move(address f, address to, uint256 v) internal returns (bool) { balances[f] -= v; balances[to] += v; known[to] = true; return true; }
      }`,
    },
    { confirm: [], maxBuy: false },
  );
  assert.equal(r.taxes.error, 'QUOTE_ERROR');
  assert.match(r.reason, /a fresh account already held \d+ raw units before buying/);
  assert.equal(r.taxes.sellTax, null);
});

test('a token whose transferFrom refuses approved spenders gets its pair seeded directly, and its sell fails at launch', async () => {
  const r = await simulateSource(
    {
      'I.sol': `pragma solidity ^0.8.0;
      contract I {
        mapping(address => uint256) public balanceOf;
        mapping(address => mapping(address => uint256)) public allowance;
        uint256 public totalSupply = 1e24;
        uint8 public decimals = 18;
        constructor() { balanceOf[msg.sender] = totalSupply; }
        function approve(address s, uint256 v) public returns (bool) { allowance[msg.sender][s] = v; return true; }
        function transfer(address to, uint256 v) public returns (bool) { balanceOf[msg.sender] -= v; balanceOf[to] += v; return true; }
        function transferFrom(address f, address to, uint256 v) public returns (bool) {
          if (allowance[f][msg.sender] >= v) return false;
          balanceOf[f] -= v; balanceOf[to] += v; return true;
        }
      }`,
    },
    { confirm: [], maxBuy: false },
  );
  assert.ok(r.evidence.some((s) => s.step === 'add-liquidity' && s.ok && /directly \(transfer to the pair and mint/.test(s.description)));
  assert.equal(r.taxes.buyTax, 0);
  assert.equal(r.taxes.error, 'SELL_FAILED');
  assert.match(r.reason, /TRANSFER_FROM_FAILED/);
});

test('a token whose approve refuses more than the balance trades once the holder approves what it holds', async () => {
  const r = await simulateSource(
    {
      'A.sol': `pragma solidity ^0.8.0;
      contract A {
        mapping(address => uint256) public balanceOf;
        mapping(address => mapping(address => uint256)) public allowance;
        uint256 public totalSupply = 1e24;
        uint8 public decimals = 18;
        constructor() { balanceOf[msg.sender] = totalSupply; }
        function approve(address s, uint256 v) public returns (bool) {
          if (balanceOf[msg.sender] < v) return false;
          allowance[msg.sender][s] = v; return true;
        }
        function transfer(address to, uint256 v) public returns (bool) { balanceOf[msg.sender] -= v; balanceOf[to] += v; return true; }
        function transferFrom(address f, address to, uint256 v) public returns (bool) {
          if (allowance[f][msg.sender] < v) return false;
          allowance[f][msg.sender] -= v; balanceOf[f] -= v; balanceOf[to] += v; return true;
        }
      }`,
    },
    { confirm: [], maxBuy: false },
  );
  assert.deepEqual([r.taxes.buyTax, r.taxes.transferTax, r.taxes.sellTax, r.taxes.error], [0, 0, 0, '']);
});

test('sources that fail to compile and declare no approve/transferFrom also say they hold no ERC-20', async () => {
  const r = await simulateSource({
    'Oracle.sol': 'contract Oracle {\n  modifier onlyAdmin { if (msg.sender != admin) throw;\n _\n }\n address admin;\n}\n',
  });
  assert.equal(r.taxes.error, 'UNCAUGHT_ERROR');
  assert.match(r.reason, /^compile failed: .*; besides, the sources hold no deployable ERC-20 contract/);
  const broken = await simulateSource({
    'T.sol':
      'contract T { function balanceOf(address) returns (uint) {} function approve(address, uint) returns (bool) {} function transferFrom(address a, address b, uint c) returns (bool) { x = ; } }',
  });
  assert.equal(broken.taxes.error, 'UNCAUGHT_ERROR');
  assert.doesNotMatch(broken.reason, /no deployable ERC-20/);
});

test('a token that asks the contract an address argument names is deployed again with that reference left empty', async () => {
  const source = `pragma solidity ^0.8.0;
interface Parent { function totalSupplyAt(uint256) external view returns (uint256); }
contract Child {
  Parent public parentToken;
  address public controller;
  uint256 supply;
  mapping(address => uint256) public balanceOf;
  mapping(address => mapping(address => uint256)) public allowance;
  constructor(address _parentToken) { parentToken = Parent(_parentToken); controller = msg.sender; }
  function totalSupply() public view returns (uint256) {
    return address(parentToken) != address(0) ? parentToken.totalSupplyAt(block.number) : supply;
  }
  function generateTokens(address to, uint256 amount) public returns (bool) {
    require(msg.sender == controller);
    supply = totalSupply() + amount;
    balanceOf[to] += amount;
    return true;
  }
  function approve(address s, uint256 v) public returns (bool) { allowance[msg.sender][s] = v; return true; }
  function transfer(address to, uint256 v) public returns (bool) { balanceOf[msg.sender] -= v; balanceOf[to] += v; return true; }
  function transferFrom(address f, address to, uint256 v) public returns (bool) {
    allowance[f][msg.sender] -= v; balanceOf[f] -= v; balanceOf[to] += v; return true;
  }
}`;
  const r = await simulateSource({ 'Child.sol': source }, { maxBuy: false });
  assert.ok(
    r.evidence.some((s) => s.step === 'buy'),
    JSON.stringify(r.evidence.map((s) => `${s.description} ${s.reason ?? ''}`)),
  );
  assert.ok(r.evidence.some((s) => /totalSupply\(\) reverts/.test(s.description)));
  assert.equal(r.taxes.error, '');
});

test('a token whose approve always reverts is still bought (the pair seeded directly) and its sell fails with the reason', async () => {
  const source = `pragma solidity ^0.8.0;
contract NoApprove {
  uint256 public totalSupply = 1e27;
  mapping(address => uint256) public balanceOf;
  mapping(address => mapping(address => uint256)) public allowance;
  constructor() { balanceOf[msg.sender] = totalSupply; }
  function approve(address, uint256) public pure returns (bool) { revert("approvals are closed"); }
  function transfer(address to, uint256 v) public returns (bool) { balanceOf[msg.sender] -= v; balanceOf[to] += v; return true; }
  function transferFrom(address f, address to, uint256 v) public returns (bool) {
    allowance[f][msg.sender] -= v; balanceOf[f] -= v; balanceOf[to] += v; return true;
  }
}`;
  const r = await simulateSource({ 'NoApprove.sol': source }, { maxBuy: false });
  assert.ok(
    r.evidence.some((s) => s.step === 'buy' && s.ok),
    JSON.stringify(r.evidence.map((s) => `${s.step} ${s.description} ${s.reason ?? ''}`)),
  );
  assert.ok(r.evidence.some((s) => s.step === 'add-liquidity' && /approval of the router reverted/.test(s.description)));
  assert.equal(r.taxes.error, 'SELL_FAILED', r.reason);
});

test('a token refusing an unlimited approval (its allowance arithmetic overflows) trades with an exact one', async () => {
  const source = `pragma solidity ^0.8.0;
contract Careful {
  uint256 public totalSupply = 1e27;
  mapping(address => uint256) public balanceOf;
  mapping(address => mapping(address => uint256)) public allowance;
  constructor() { balanceOf[msg.sender] = totalSupply; }
  function approve(address s, uint256 v) public returns (bool) { allowance[msg.sender][s] = v + 1 - 1; return true; }
  function transfer(address to, uint256 v) public returns (bool) { balanceOf[msg.sender] -= v; balanceOf[to] += v; return true; }
  function transferFrom(address f, address to, uint256 v) public returns (bool) {
    allowance[f][msg.sender] -= v; balanceOf[f] -= v; balanceOf[to] += v; return true;
  }
}`;
  const r = await simulateSource({ 'Careful.sol': source }, { maxBuy: false });
  assert.equal(r.taxes.error, '', r.reason);
  assert.ok(r.evidence.some((s) => s.step === 'sell' && s.ok));
});

test("a source scan's simulation evidence is what the wire schema says: the blacklist token's exploration, compiler and stages validate (issue 31)", async () => {
  const { simulationMeta } = await import('./simulation-meta.ts');
  const { SourceSimulationSchema } = await import('../interface/schemas/scan-evidence.ts');
  const { assertMatchesSchema } = await import('../testing/schema-check.ts');
  const source = readFileSync(new URL('../devnet/contracts/BlacklistToken.sol', import.meta.url), 'utf8');
  const r = await simulateSource({ 'BlacklistToken.sol': source }, { maxBuy: false });
  const meta = { ...simulationMeta(r), reason: r.reason, compiler: r.compiler };
  assert.ok((meta.exploration?.effects.length ?? 0) > 0, 'the exploration saw the blacklist act on the holder');
  assertMatchesSchema(SourceSimulationSchema, JSON.parse(JSON.stringify(meta)));
});
