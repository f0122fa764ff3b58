import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toFunctionSelector, type AbiFunction } from 'viem';
import { compileSolidity } from '../compile/compile-solidity.ts';
import { abiFromBytecode, encodeCall, selectorsOf } from './bytecode-abi.ts';
import { pushedWords } from './chain-privileged.ts';

test('the ABI from bytecode: argument types, views apart, well-known names kept, others by selector; address slots', async () => {
  const out = await compileSolidity({
    'T.sol': `pragma solidity ^0.8.0;
contract T {
  address public keeper;
  uint256 public fee;
  bytes32 public constant MINTER = keccak256("MINTER");
  function blacklist(address a, bool b) external { if (b) keeper = a; }
  function zq(address a, uint8 v) external { keeper = a; fee = v; }
  function peek() external view returns (uint256) { return fee; }
  function role() external pure returns (bytes32) { return MINTER; }
}`,
  });
  const code = out.contracts.find((c) => c.name === 'T')!.deployedBytecode;
  const { abi, storage } = abiFromBytecode(code);
  const fns = abi.filter((f): f is AbiFunction => f.type === 'function');
  const black = fns.find((f) => f.name === 'blacklist')!;
  assert.deepEqual(
    black.inputs.map((i) => i.type),
    ['address', 'bool'],
  );
  const zq = fns.find((f) => f.name === `selector_${toFunctionSelector('zq(address,uint8)').slice(2)}`)!;
  assert.ok(zq, JSON.stringify(fns.map((f) => f.name)));
  assert.equal(zq.stateMutability, 'nonpayable');
  assert.equal(encodeCall(zq, ['0x0000000000000000000000000000000000000001', 7]).slice(0, 10), toFunctionSelector('zq(address,uint8)'));
  assert.ok(
    storage.some((s) => s.slot === '0' && s.type === 't_address'),
    JSON.stringify(storage),
  );
  // The role constant is pushed whole: a role identifier the enumeration tries.
  assert.ok(pushedWords(code).some((w) => w.length === 66));
  assert.deepEqual(abiFromBytecode('0x'), { abi: [], storage: [] });
});

test('selectors the signature database knows get its name and argument types; a candidate that does not hash to the selector or disagrees with the code is not trusted', async () => {
  const out = await compileSolidity({
    'N.sol': `pragma solidity ^0.8.0;
contract N {
  mapping(address => bool) public frozen;
  uint256 public level;
  function setFrozen(address a, bool on) external { frozen[a] = on; }
  function zq(address a, uint8 v) external { frozen[a] = v > 0; }
  function lvl(uint256 v) external { level = v; }
}`,
  });
  const code = out.contracts.find((c) => c.name === 'N')!.deployedBytecode;
  const sel = (s: string) => toFunctionSelector(s);
  assert.ok(selectorsOf(code).includes(sel('setFrozen(address,bool)')));
  const names = new Map<string, string[]>([
    [sel('setFrozen(address,bool)'), ['setFrozen(address,bool)']],
    // A database row whose text does not hash to the selector it is filed under: ignored.
    [sel('zq(address,uint8)'), ['freezeAll()']],
    [sel('lvl(uint256)'), ['lvl(uint256)']],
  ]);
  const fns = abiFromBytecode(code, names).abi.filter((f): f is AbiFunction => f.type === 'function');
  const frozen = fns.find((f) => f.name === 'setFrozen')!;
  assert.deepEqual(
    frozen.inputs.map((i) => i.type),
    ['address', 'bool'],
  );
  assert.equal(encodeCall(frozen, ['0x0000000000000000000000000000000000000001', true]).slice(0, 10), sel('setFrozen(address,bool)'));
  assert.ok(fns.some((f) => f.name === `selector_${sel('zq(address,uint8)').slice(2)}`));
  assert.ok(fns.some((f) => f.name === 'lvl'));
  // Without a database the names are selectors, as before.
  assert.ok(
    abiFromBytecode(code).abi.some((f) => f.type === 'function' && f.name === `selector_${sel('setFrozen(address,bool)').slice(2)}`),
  );
});
