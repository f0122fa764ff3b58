import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { computeSimilarity } from '../analysis/similarity/compute-similarity.ts';
import { documentFingerprints } from '../analysis/similarity/fingerprint-source.ts';
import { SimilarityIndex } from '../analysis/similarity/similarity-index.ts';
import { SimilarityInputError } from '../analysis/similarity/similarity-error.ts';
import { indexFromSnapshot, snapshotIndex } from '../analysis/similarity/index-snapshot.ts';
import { createSimilarityPool, SimilarityBusyError, SimilarityTimeoutError, type SimilarityPool } from './similarity-pool.ts';

const require = createRequire(import.meta.url);
const read = (pkg: string, path: string) => readFileSync(join(dirname(require.resolve(`${pkg}/package.json`)), path), 'utf8');
const ERC20 = read('@openzeppelin/contracts-v4', 'token/ERC20/ERC20.sol');
const OWNABLE = read('@openzeppelin/contracts-v4', 'access/Ownable.sol');
const PAIR = read('@uniswap/v2-core', 'contracts/UniswapV2Pair.sol');

function corpus(): SimilarityIndex {
  const index = new SimilarityIndex();
  index.add({ origin: 'openzeppelin', file: 'oz/ERC20.sol', fingerprints: documentFingerprints(ERC20) });
  index.add({ origin: 'openzeppelin', file: 'oz/Ownable.sol', fingerprints: documentFingerprints(OWNABLE) });
  return index;
}

describe('index snapshots', () => {
  it('rebuild an index that answers exactly as the original, without removed documents', () => {
    const index = corpus();
    index.add({ origin: 'uniswap', file: 'uni/Pair.sol', fingerprints: documentFingerprints(PAIR) });
    index.remove('oz/Ownable.sol');
    const copy = indexFromSnapshot(snapshotIndex(index));
    assert.equal(copy.size, 2);
    const sources = { 'a.sol': `${ERC20}\n${PAIR}` };
    assert.deepEqual(computeSimilarity(copy, sources), computeSimilarity(index, sources));
  });
});

describe('the similarity pool', () => {
  let pool: SimilarityPool;
  before(() => {
    pool = createSimilarityPool({ threads: 1, perClient: 1 });
  });
  after(() => pool.close());

  it('answers in a worker thread exactly as in process', async () => {
    const index = corpus();
    const sources = { 'Token.sol': ERC20.replace(/ERC20/g, 'MoonToken') };
    assert.deepEqual(await pool.compare(index, sources), computeSimilarity(index, sources));
  });

  it('answers several files exactly as in process, offsets into the same joined text', async () => {
    const index = corpus();
    const sources = { 'Token.sol': ERC20.replace(/ERC20/g, 'MoonToken'), 'Pair.sol': PAIR };
    const answer = await pool.compare(index, sources);
    assert.deepEqual(answer, computeSimilarity(index, sources));
    assert.match(answer.source, /^\/\/ File: Token\.sol\n/);
  });

  it('follows the corpus: a reference added after the first job is found by the next', async () => {
    const index = corpus();
    const sources = { 'Pair.sol': PAIR };
    assert.equal((await pool.compare(index, sources)).ranks.length, 0);
    index.add({ origin: 'uniswap', file: 'uni/Pair.sol', fingerprints: documentFingerprints(PAIR) });
    assert.equal((await pool.compare(index, sources)).ranks[0]?.file, 'uni/Pair.sol');
  });

  it('gives bad input back as SimilarityInputError with its message', async () => {
    await assert.rejects(pool.compare(corpus(), { 'a.sol': '/* nothing */' }), (error: unknown) => {
      assert.ok(error instanceof SimilarityInputError);
      assert.match(error.message, /no Solidity code/);
      return true;
    });
  });

  it('bounds the jobs of one client', async () => {
    const index = corpus();
    const first = pool.compare(index, { 'a.sol': ERC20 }, { client: 'c' });
    await assert.rejects(pool.compare(index, { 'a.sol': ERC20 }, { client: 'c' }), SimilarityBusyError);
    await first;
    await pool.compare(index, { 'a.sol': ERC20 }, { client: 'c' });
  });

  it('ends a job at its time limit, and the pool keeps working', async () => {
    const quick = createSimilarityPool({ threads: 1, timeoutMs: 1 });
    try {
      const huge = { 'a.sol': `${ERC20}\n`.repeat(200) };
      await assert.rejects(quick.compare(corpus(), huge), SimilarityTimeoutError);
    } finally {
      await quick.close();
    }
    assert.ok((await pool.compare(corpus(), { 'a.sol': ERC20 })).ranks.length > 0);
  });
});
