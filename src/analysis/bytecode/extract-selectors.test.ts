import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { toFunctionSelector } from 'viem';
import { extractSignatures } from '../../signatures/extract-signatures.ts';
import { SignatureDatabase } from '../../signatures/signature-database.ts';
import { InMemorySignatureStore } from '../../signatures/signature-store.ts';
import { compileSolidity } from './__fixtures__/compile-solidity.ts';
import { vyperStyleDispatcher } from './__fixtures__/assemble.ts';
import { BytecodeError } from './bytecode-error.ts';
import { classifyBytecodeCapabilities } from './classify-capabilities.ts';
import { analyzeBytecode, extractSelectors } from './extract-selectors.ts';

const devnetDir = new URL('../../devnet/contracts/', import.meta.url);
const devnetSources = Object.fromEntries(
  readdirSync(devnetDir)
    .filter((f) => f.endsWith('.sol'))
    .map((f) => [f, readFileSync(new URL(f, devnetDir), 'utf8')]),
);
const devnet = compileSolidity(devnetSources);

test("every devnet contract: extracted selectors equal the compiler's and resolve to the real signatures", async () => {
  const tokens = devnet.filter((c) => c.file.endsWith('Token.sol'));
  assert.ok(tokens.length >= 8, `devnet tokens: ${tokens.map((c) => c.name).join(', ')}`);
  const db = new SignatureDatabase(new InMemorySignatureStore());
  await db.addExtraction(extractSignatures(devnetSources));
  for (const contract of devnet) {
    const expected = Object.values(contract.methodIdentifiers)
      .map((s) => `0x${s}`)
      .sort();
    if (contract.runtime === '0x') continue; // interfaces and abstract contracts
    assert.deepEqual(extractSelectors(contract.runtime), expected, contract.name);
    const resolved = await db.resolveSelectors(expected);
    for (const [signature, selector] of Object.entries(contract.methodIdentifiers)) {
      assert.deepEqual(resolved.get(`0x${selector}`), [signature], `${contract.name}: ${signature}`);
    }
  }
});

test('capabilities of devnet tokens read from bytecode alone', async () => {
  const db = new SignatureDatabase(new InMemorySignatureStore());
  await db.addExtraction(extractSignatures(devnetSources));
  const capabilities = async (name: string): Promise<string[]> => {
    const contract = devnet.find((c) => c.name === name);
    assert.ok(contract, name);
    const selectors = extractSelectors(contract.runtime);
    const resolved = await db.resolveSelectors(selectors);
    const findings = classifyBytecodeCapabilities(selectors.map((selector) => ({ selector, signatures: resolved.get(selector) ?? [] })));
    assert.ok(findings.every((f) => f.source === 'bytecode' && f.title.includes('from bytecode')));
    return [...new Set(findings.map((f) => f.capability))].sort();
  };
  assert.deepEqual(await capabilities('PlainToken'), ['transferOwnership']);
  assert.deepEqual(await capabilities('MintToken'), ['burn', 'mint']);
  assert.ok((await capabilities('BlacklistToken')).includes('blacklist'));
  assert.ok((await capabilities('FeeToken')).includes('setFees'));
  assert.ok(!(await capabilities('FeeToken')).includes('blacklist'));
  assert.deepEqual(
    (await capabilities('UnverifiedToken')).filter((c) => c === 'mint' || c === 'blacklist'),
    ['blacklist', 'mint'],
  );
});

test('a Vyper-style XOR dispatcher yields its selectors', () => {
  const selectors = ['0x70a08231', '0xa9059cbb', '0x18160ddd', '0x095ea7b3'];
  assert.deepEqual(extractSelectors(vyperStyleDispatcher(selectors)), [...selectors].sort());
});

test('an EIP-1167 proxy has no selectors of its own and names its implementation', () => {
  const impl = '1111111111111111111111111111111111111111';
  const analysis = analyzeBytecode(`0x363d3d373d3d3d363d73${impl}5af43d82803e903d91602b57fd5bf3`);
  assert.deepEqual(analysis, { size: 45, selectors: [], proxy: { kind: 'eip1167', implementation: `0x${impl}` } });
});

test('truncated PUSH data, metadata-only code and garbage: an answer or a clear error, never a crash', () => {
  const plain = devnet.find((c) => c.name === 'PlainToken');
  assert.ok(plain);
  // Cut the code inside a PUSH4 of the dispatcher: the EVM pads with zeros.
  const hex = plain.runtime.slice(2);
  const cut = hex.indexOf('63', 20);
  assert.doesNotThrow(() => extractSelectors(`0x${hex.slice(0, cut + 4)}`));
  assert.deepEqual(extractSelectors('0x7f'), []);
  assert.deepEqual(extractSelectors('0x63a9059c'), []);
  assert.throws(() => extractSelectors(`0xa2646970667358221220${'ab'.repeat(32)}64736f6c634300081e0033`), BytecodeError);
  assert.throws(() => extractSelectors('not bytecode'), /not hex/);
  // A function named in the table is found; a selector not in the code is not.
  assert.ok(extractSelectors(plain.runtime).includes(toFunctionSelector('transfer(address,uint256)')));
  assert.ok(!extractSelectors(plain.runtime).includes(toFunctionSelector('mint(address,uint256)')));
});
