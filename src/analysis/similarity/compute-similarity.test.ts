import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { computeSimilarity, joinSources, MAX_SIMILARITY_SOURCE_CHARS } from './compute-similarity.ts';
import { documentFingerprints } from './fingerprint-source.ts';
import { SimilarityIndex } from './similarity-index.ts';
import { SimilarityInputError } from './similarity-error.ts';

const require = createRequire(import.meta.url);
const packageDir = (name: string): string => dirname(require.resolve(`${name}/package.json`));
const fixture = (name: string): string => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');

// A small corpus: a few real reference files, enough to have near neighbours.
const REFERENCES: [string, string, string][] = [
  ['openzeppelin', '@openzeppelin/contracts-v4', 'token/ERC20/ERC20.sol'],
  ['openzeppelin', '@openzeppelin/contracts-v4', 'access/Ownable.sol'],
  ['openzeppelin', '@openzeppelin/contracts-v4', 'token/ERC721/ERC721.sol'],
  ['openzeppelin', '@openzeppelin/contracts', 'token/ERC20/ERC20.sol'],
  ['openzeppelin', '@openzeppelin/contracts-v3', 'token/ERC20/ERC20.sol'],
  ['uniswap', '@uniswap/v2-core', 'contracts/UniswapV2Pair.sol'],
  ['uniswap', '@uniswap/v2-core', 'contracts/UniswapV2ERC20.sol'],
];

function corpus(): SimilarityIndex {
  const index = new SimilarityIndex();
  for (const [origin, pkg, path] of REFERENCES) {
    const text = readFileSync(join(packageDir(pkg), path), 'utf8');
    index.add({ origin, file: `${pkg}/${path}`, fingerprints: documentFingerprints(text) });
  }
  return index;
}
const index = corpus();

test('a copied, renamed and modified OpenZeppelin ERC-20 scores at least 0.9 against its origin', () => {
  const source = fixture('MoonToken.sol');
  const result = computeSimilarity(index, { 'MoonToken.sol': source });
  const moon = result.contracts.find((c) => c.name === 'MoonToken');
  assert.ok(moon, JSON.stringify(result.contracts));
  assert.equal(moon.file, '@openzeppelin/contracts-v4/token/ERC20/ERC20.sol');
  assert.equal(moon.origin, 'openzeppelin');
  assert.ok(moon.score >= 0.9, `score ${moon.score}`);
  assert.ok(moon.score < 1, 'the added fee must cost something');
  // The region lies inside the contract and covers most of it.
  const contractStart = source.indexOf('contract MoonToken');
  assert.ok(moon.start >= contractStart && moon.end <= source.length && moon.end - moon.start > (source.length - contractStart) * 0.8);
  assert.equal(result.source, source);
  const top = result.ranks[0];
  assert.equal(top?.file, '@openzeppelin/contracts-v4/token/ERC20/ERC20.sol');
  assert.ok((top?.score ?? 0) >= 0.9);
  assert.ok(result.ranks.every((r, i, all) => i === 0 || (all[i - 1]?.score ?? 0) >= r.score));
});

test('an unrelated contract scores at most 0.2 against every reference', () => {
  const result = computeSimilarity(index, { 'Ballot.sol': fixture('Ballot.sol') }, { minScore: 0, minShared: 1 });
  for (const match of [...result.contracts, ...result.ranks]) assert.ok(match.score <= 0.2, JSON.stringify(match));
  // And the same contract is found when it is in the corpus: the test can fail.
  const withBallot = corpus();
  withBallot.add({ origin: 'tests', file: 'Ballot.sol', fingerprints: documentFingerprints(fixture('Ballot.sol')) });
  const found = computeSimilarity(withBallot, { 'Ballot.sol': fixture('Ballot.sol') });
  assert.deepEqual(
    found.contracts.map((c) => [c.name, c.file, c.score]),
    [['Ballot', 'Ballot.sol', 1]],
  );
});

test('several files are joined and offsets point into the joined source', () => {
  const pair = readFileSync(join(packageDir('@uniswap/v2-core'), 'contracts/UniswapV2Pair.sol'), 'utf8');
  const sources = { 'a/Ballot.sol': fixture('Ballot.sol'), 'b/Pair.sol': pair };
  const result = computeSimilarity(index, sources);
  assert.equal(result.source, joinSources(sources));
  const match = result.contracts.find((c) => c.name === 'UniswapV2Pair');
  assert.ok(match);
  assert.equal(match.file, '@uniswap/v2-core/contracts/UniswapV2Pair.sol');
  // Not exactly 1: windows that straddle the file boundary pick other k-grams.
  assert.ok(match.score >= 0.95, `score ${match.score}`);
  assert.ok(result.source.slice(match.start, match.end).includes('function swap('));
  assert.ok(match.start > result.source.indexOf('b/Pair.sol'));
});

test('a removed reference is no longer matched', () => {
  const local = corpus();
  assert.ok(local.remove('@openzeppelin/contracts-v4/token/ERC20/ERC20.sol'));
  const result = computeSimilarity(local, { 'MoonToken.sol': fixture('MoonToken.sol') });
  assert.notEqual(result.contracts.find((c) => c.name === 'MoonToken')?.file, '@openzeppelin/contracts-v4/token/ERC20/ERC20.sol');
});

test('bad input gets a clear error, never a crash', () => {
  assert.throws(() => computeSimilarity(index, {}), SimilarityInputError);
  assert.throws(() => computeSimilarity(index, { 'a.sol': '  // only a comment\n' }), /source is empty/);
  assert.throws(() => computeSimilarity(index, { 'a.sol': 'x'.repeat(MAX_SIMILARITY_SOURCE_CHARS + 1) }), /too large/);
  assert.throws(() => computeSimilarity(index, { 'a.sol': 42 as unknown as string }), /not text/);
  const binary = String.fromCharCode(...Array.from({ length: 4000 }, (_, i) => (i * 7919) % 65536));
  const result = computeSimilarity(index, { 'bin.sol': binary });
  assert.deepEqual(result.contracts, []);
  // Too short to fingerprint: a valid, empty answer.
  assert.deepEqual(computeSimilarity(index, { 'a.sol': 'contract A {}' }).ranks, []);
});
