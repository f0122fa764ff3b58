import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { computeSimilarity } from '../analysis/similarity/compute-similarity.ts';
import { SignatureDatabase } from '../signatures/signature-database.ts';
import { InMemorySignatureStore } from '../signatures/signature-store.ts';
import { buildCorpusIndex, DEFAULT_NODE_MODULES } from './build-corpus-index.ts';
import { InMemoryCorpusStore } from './corpus-store.ts';
import { CorpusError } from './corpus-error.ts';
import { addReferenceSource, removeReferenceSource } from './reference-sources.ts';
import { isReferenceFile } from './reference-packages.ts';

const root = mkdtempSync(join(tmpdir(), 'corpus-'));
after(() => rmSync(root, { recursive: true, force: true }));

const pair = readFileSync(join(DEFAULT_NODE_MODULES, '@uniswap/v2-core/contracts/UniswapV2Pair.sol'), 'utf8');
const erc20 = readFileSync(join(DEFAULT_NODE_MODULES, '@uniswap/v2-core/contracts/UniswapV2ERC20.sol'), 'utf8');

let written = 0;
function writePackage(version: string, files: Record<string, string>): string {
  written += 1;
  const nodeModules = join(root, `nm-${written}`);
  const pkgRoot = join(nodeModules, 'fake-lib');
  mkdirSync(join(pkgRoot, 'contracts', 'mocks'), { recursive: true });
  writeFileSync(join(pkgRoot, 'package.json'), JSON.stringify({ name: 'fake-lib', version }));
  for (const [path, text] of Object.entries(files)) writeFileSync(join(pkgRoot, 'contracts', path), text);
  return nodeModules;
}
const packages = [{ installedAs: 'fake-lib', origin: 'fakes', dirs: ['contracts'] }];

test('first build fingerprints every reference file and stores it; the next build reads only', async () => {
  const nodeModules = writePackage('1.0.0', { 'Pair.sol': pair, 'ERC20.sol': erc20, 'mocks/PairMock.sol': pair });
  const store = new InMemoryCorpusStore();
  const signatures = new SignatureDatabase(new InMemorySignatureStore());
  const first = await buildCorpusIndex({ store, signatures, packages, nodeModulesDir: nodeModules });
  assert.equal(first.documents, 2);
  assert.equal(first.fingerprinted, 2);
  assert.deepEqual((await store.list()).map((d) => d.file).sort(), [
    'fake-lib@1.0.0/contracts/ERC20.sol',
    'fake-lib@1.0.0/contracts/Pair.sol',
  ]);
  assert.equal((await signatures.lookup('swap(uint256,uint256,address,bytes)'))[0]?.total, 1);
  const second = await buildCorpusIndex({ store, signatures, packages, nodeModulesDir: nodeModules });
  assert.equal(second.fingerprinted, 0);
  assert.equal(second.documents, 2);
  const result = computeSimilarity(second.index, { 'Copy.sol': pair.replace(/UniswapV2Pair/g, 'MyPair') });
  assert.deepEqual(
    result.contracts.map((c) => [c.name, c.origin, c.file, c.score]),
    [['MyPair', 'fakes', 'fake-lib@1.0.0/contracts/Pair.sol', 1]],
  );
});

test('a changed file is fingerprinted again and a new version replaces the old files', async () => {
  const store = new InMemoryCorpusStore();
  await buildCorpusIndex({ store, packages, nodeModulesDir: writePackage('1.0.0', { 'Pair.sol': pair, 'ERC20.sol': erc20 }) });
  const edited = await buildCorpusIndex({
    store,
    packages,
    nodeModulesDir: writePackage('1.0.0', { 'Pair.sol': `${pair}\n// edited\ncontract Extra {}`, 'ERC20.sol': erc20 }),
  });
  assert.equal(edited.fingerprinted, 1);
  const upgraded = await buildCorpusIndex({ store, packages, nodeModulesDir: writePackage('2.0.0', { 'Pair.sol': pair }) });
  assert.deepEqual(upgraded.packages, [{ package: 'fake-lib', version: '2.0.0', files: 1, fingerprinted: 1, removed: 2 }]);
  assert.deepEqual(
    (await store.list()).map((d) => d.file),
    ['fake-lib@2.0.0/contracts/Pair.sol'],
  );
});

test('a package that is not installed is reported, and its stored files are kept', async () => {
  const store = new InMemoryCorpusStore();
  await buildCorpusIndex({ store, packages, nodeModulesDir: writePackage('1.0.0', { 'Pair.sol': pair }) });
  const result = await buildCorpusIndex({ store, packages, nodeModulesDir: join(root, 'empty') });
  assert.deepEqual(result.missing, ['fake-lib']);
  assert.equal(result.documents, 1);
});

test('the installed reference packages are found and named by package, version and path', async () => {
  const store = new InMemoryCorpusStore();
  const result = await buildCorpusIndex({
    store,
    packages: [{ installedAs: '@openzeppelin/contracts-v4', origin: 'openzeppelin', dirs: ['.'] }],
  });
  assert.ok(result.documents > 150, String(result.documents));
  const files = (await store.list()).map((d) => d.file);
  assert.ok(files.includes('@openzeppelin/contracts@4.9.6/token/ERC20/ERC20.sol'));
  assert.ok(!files.some((f) => f.includes('/mocks/')));
  assert.ok(isReferenceFile('token/ERC20/ERC20.sol') && !isReferenceFile('test/A.t.sol') && !isReferenceFile('src/A.t.sol'));
});

test('operator sources: added with a label and origin, matched, replaced, removed; bad input refused', async () => {
  const store = new InMemoryCorpusStore();
  const { index } = await buildCorpusIndex({ store, packages, nodeModulesDir: writePackage('1.0.0', { 'ERC20.sol': erc20 }) });
  const signatures = new SignatureDatabase(new InMemorySignatureStore());
  const deps = { store, index, signatures };
  await addReferenceSource(deps, { label: 'Pair scam template', origin: 'scam-template', content: pair });
  const found = computeSimilarity(index, { 'T.sol': pair });
  assert.deepEqual(
    found.contracts.map((c) => [c.origin, c.file]),
    [['scam-template', 'Pair scam template']],
  );
  assert.equal((await signatures.lookup('skim(address)'))[0]?.total, 1);
  assert.ok(await removeReferenceSource(deps, 'Pair scam template'));
  assert.deepEqual(computeSimilarity(index, { 'T.sol': pair }).contracts, []);
  assert.equal(await removeReferenceSource(deps, 'Pair scam template'), false);
  await assert.rejects(addReferenceSource(deps, { label: '', origin: 'x', content: pair }), CorpusError);
  await assert.rejects(addReferenceSource(deps, { label: 'ok', origin: 'Bad Origin', content: pair }), /origin/);
  await assert.rejects(addReferenceSource(deps, { label: 'ok', origin: 'x', content: '// nothing' }), /too little Solidity/);
  await assert.rejects(removeReferenceSource(deps, 'fake-lib@1.0.0/contracts/ERC20.sol'), /installed package/);
});
