import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { compileSolidity } from '../compile/compile-solidity.ts';
import { isUniswapV2Pair, UNISWAP_V2_SUPPLY_SLOT, withKnownSlots } from './known-pairs.ts';
import { SELECTORS, type WatchedValue } from './watch-plan.ts';

const require = createRequire(import.meta.url);
const root = join(dirname(require.resolve('@uniswap/v2-core/package.json')), 'contracts');

function solFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? (e.name === 'test' ? [] : solFiles(join(dir, e.name))) : e.name.endsWith('.sol') ? [join(dir, e.name)] : [],
  );
}

const pair = '0x00000000000000000000000000000000000000a1';
const token = '0x00000000000000000000000000000000000000b2';
const call = (key: string, address: string, data: `0x${string}`): WatchedValue => ({
  key,
  kind: 'liquidity-removed',
  label: key,
  read: { type: 'call', address, data },
  format: 'uint',
});

describe('the pools whose LP supply is a slot', () => {
  it("keeps the Uniswap V2 pair's totalSupply where the compiler puts it", () => {
    // The source asks for solc =0.5.16; the nearest installed patch lays storage out by the same rules.
    const sources = Object.fromEntries(solFiles(root).map((file) => [`contracts/${relative(root, file)}`, readFileSync(file, 'utf8')]));
    const layout = compileSolidity(sources).contracts.find((c) => c.name === 'UniswapV2Pair')!.storage;
    const supply = layout.find((e) => e.label === 'totalSupply')!;
    assert.equal(supply.type, 't_uint256');
    assert.equal(supply.offset, 0);
    assert.equal(BigInt(supply.slot), BigInt(UNISWAP_V2_SUPPLY_SLOT));
  });

  it('knows the pair by its whole runtime code, nothing less', () => {
    const build = require('@uniswap/v2-core/build/UniswapV2Pair.json') as { evm: { deployedBytecode: { object: string } } };
    const code = `0x${build.evm.deployedBytecode.object.replace(/^0x/, '')}`;
    assert.equal(isUniswapV2Pair(code), true);
    // One byte changed (a fork's pair with other code), no code, not a string: not known.
    assert.equal(isUniswapV2Pair(`${code.slice(0, -2)}${code.endsWith('00') ? '01' : '00'}`), false);
    assert.equal(isUniswapV2Pair('0x'), false);
    assert.equal(isUniswapV2Pair(null), false);
  });

  it("reads a known pair's totalSupply() at its slot and leaves every other value as planned", () => {
    const lp = call('pair:totalSupply()', pair.toUpperCase().replace('0X', '0x'), SELECTORS.totalSupply);
    const read = withKnownSlots(lp, new Set([pair]));
    assert.deepEqual(read, {
      ...lp,
      read: { type: 'storage', address: lp.read.address, slot: UNISWAP_V2_SUPPLY_SLOT, offset: 0, bytes: 32 },
    });
    assert.equal(withKnownSlots(lp, new Set()), lp, 'a pool whose code is not known is called');
    const owner = call('owner()', pair, SELECTORS.owner);
    assert.equal(withKnownSlots(owner, new Set([pair])), owner, 'only the supply is known');
    const tokenSupply = call('totalSupply()', token, SELECTORS.totalSupply);
    assert.equal(withKnownSlots(tokenSupply, new Set([pair])), tokenSupply);
  });
});
