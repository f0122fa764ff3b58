import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { computeSimilarity } from '../analysis/similarity/compute-similarity.ts';
import { openStore } from '../store/open-store.ts';
import { openTestStore, storeKinds } from '../testing/test-stores.ts';
import { buildCorpusIndex } from './build-corpus-index.ts';
import { decodeFingerprints, encodeFingerprints, KyselyCorpusStore } from './kysely-corpus-store.ts';
import { addReferenceSource } from './reference-sources.ts';

const packages = [{ installedAs: '@uniswap/v2-core', origin: 'uniswap', dirs: ['contracts'] }];

describe('corpus store', () => {
  it('encodes fingerprints losslessly', () => {
    const values = Uint32Array.from([0, 1, 0xffffffff, 0x12345678]);
    assert.deepEqual(decodeFingerprints(encodeFingerprints(values)), values);
  });

  it('persists the corpus across restarts: the second start fingerprints nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'corpus-db-'));
    try {
      const first = await openStore({ dataDir: dir });
      const built = await buildCorpusIndex({ store: new KyselyCorpusStore(first.db), packages });
      await addReferenceSource(
        { store: new KyselyCorpusStore(first.db), index: built.index },
        {
          label: 'Ballot template',
          origin: 'tests',
          content:
            'contract Ballot { mapping(address => uint) votes; function vote(uint p) external { votes[msg.sender] = p; require(p > 0, "x"); } }',
        },
      );
      await first.close();
      const second = await openStore({ dataDir: dir });
      const again = await buildCorpusIndex({ store: new KyselyCorpusStore(second.db), packages });
      await second.close();
      assert.ok(built.fingerprinted >= 10);
      assert.equal(again.fingerprinted, 0);
      assert.equal(again.documents, built.documents + 1);
      const pair = 'contract X { ' + 'uint a; '.repeat(3) + '}';
      assert.deepEqual(computeSimilarity(again.index, { 'x.sol': pair }).contracts, []);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  for (const kind of storeKinds()) {
    it(`stores, replaces and removes documents on ${kind}`, async () => {
      const store = await openTestStore(kind);
      try {
        const corpus = new KyselyCorpusStore(store.db);
        const doc = {
          file: 'a.sol',
          origin: 'o',
          kind: 'operator' as const,
          packageName: null,
          contentHash: 'h',
          fingerprintVersion: 'v',
          fingerprints: Uint32Array.from([3, 9]),
          addedAt: '2026-01-01T00:00:00.000Z',
        };
        await corpus.upsert(doc, 'contract A {}');
        await corpus.upsert({ ...doc, origin: 'p' }, 'contract B {}');
        assert.deepEqual(await corpus.list(), [{ ...doc, origin: 'p' }]);
        assert.equal(await corpus.content('a.sol'), 'contract B {}');
        assert.equal(await corpus.remove('a.sol'), true);
        assert.equal(await corpus.remove('a.sol'), false);
      } finally {
        await store.dispose();
      }
    });
  }
});
