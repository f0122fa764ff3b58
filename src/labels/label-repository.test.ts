import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openTestStore, storeKinds, type TestStore } from '../testing/test-stores.ts';
import { LabelValidationError, validateLabels } from './label-record.ts';
import { createLabelLookup, listLabels, removeLabels, upsertLabels } from './label-repository.ts';
import { importSeeds, readSeed, SEED_FILES } from './seed-labels.ts';

const MIXER = '0x00000000000000000000000000000000000000Aa';
const row = (over: Record<string, unknown> = {}) => ({
  address: MIXER,
  network: 'ETH',
  label: 'Test mixer',
  category: 'mixer',
  source: 'test list',
  listedOn: '2025-03-01',
  ...over,
});

describe('label records', () => {
  it('names every problem of every row, and accepts `date` for listedOn', () => {
    assert.throws(
      () => validateLabels([row(), row({ address: '0xnothex', network: 'NOPE', category: 'gossip', listedOn: 'yesterday' }), 'x']),
      (error: unknown) => {
        assert.ok(error instanceof LabelValidationError);
        assert.deepEqual(
          error.problems.map((p) => `${p.row}:${p.field}`),
          ['2:address', '2:network', '2:category', '2:listedOn', '3:*'],
        );
        return true;
      },
    );
    const [label] = validateLabels([{ ...row({ network: 'eth', listedOn: undefined }), date: '2024-12-31' }]);
    assert.deepEqual(label, { ...row({ address: MIXER.toLowerCase(), listedOn: '2024-12-31' }) });
  });

  it('refuses the same address, network and source twice in one file', () => {
    assert.throws(() => validateLabels([row(), row({ label: 'again' })]), /same address, network and source as row 1/);
  });

  it('every shipped seed validates and says where its entries came from', async () => {
    for (const name of SEED_FILES) {
      const seed = await readSeed(name);
      assert.ok(seed.provenance.length > 40, name);
      assert.ok(validateLabels(seed.labels).length > 0, name);
    }
  });
});

for (const kind of storeKinds()) {
  describe(`label repository (${kind})`, () => {
    let store: TestStore;
    before(async () => {
      store = await openTestStore(kind);
    });
    after(() => store.dispose());

    it('imports all or nothing, replaces by address, network and source, and looks up own-network and all-network labels', async () => {
      await upsertLabels(
        store.db,
        validateLabels([
          row(),
          row({ address: '0x00000000000000000000000000000000000000bb', network: '*', category: 'sanctioned', label: 'SDN' }),
        ]),
      );
      // A write that fails half-way (the second chunk violates NOT NULL) leaves nothing of itself behind.
      const bad = Array.from({ length: 600 }, (_, i) => ({
        ...validateLabels([row({ address: `0x${(i + 1).toString(16).padStart(40, '0')}`, source: 'bulk' })])[0]!,
        ...(i === 599 ? { label: null as unknown as string } : {}),
      }));
      await assert.rejects(upsertLabels(store.db, bad));
      assert.equal((await listLabels(store.db, { limit: 1000 })).total, 2);

      await upsertLabels(store.db, validateLabels([row({ label: 'Renamed mixer' })]));
      const lookup = createLabelLookup(store);
      const found = await lookup('ETH', [
        MIXER,
        '0x00000000000000000000000000000000000000BB',
        '0x00000000000000000000000000000000000000cc',
      ]);
      assert.deepEqual([...found.keys()].sort(), [MIXER.toLowerCase(), '0x00000000000000000000000000000000000000bb']);
      assert.equal(found.get(MIXER.toLowerCase())![0]!.label, 'Renamed mixer');
      const onBsc = await lookup('BSC', [MIXER, '0x00000000000000000000000000000000000000bb']);
      assert.deepEqual([...onBsc.keys()], ['0x00000000000000000000000000000000000000bb']);

      assert.equal(await removeLabels(store.db, { address: MIXER, network: 'BSC' }), 0);
      assert.equal(await removeLabels(store.db, { address: MIXER }), 1);
      assert.equal((await listLabels(store.db, { category: 'mixer' })).total, 0);
    });

    it('imports each shipped seed once', async () => {
      const first = await importSeeds(store.db);
      assert.deepEqual(Object.keys(first).sort(), [...SEED_FILES].sort());
      assert.deepEqual(await importSeeds(store.db), {});
      assert.ok((await listLabels(store.db, { category: 'sanctioned', network: '*' })).total >= 100);
      // Every label of every seed is stored and found by the lookup the screening uses.
      const lookup = createLabelLookup(store);
      for (const name of SEED_FILES) {
        const seed = await readSeed(name);
        for (const category of new Set(seed.labels.map((l) => l.category)))
          assert.ok(
            Number((await listLabels(store.db, { category, limit: 1 })).total) >= seed.labels.filter((l) => l.category === category).length,
            `${name} ${category}`,
          );
        const sample = seed.labels.filter((l, i) => i % 25 === 0);
        for (const label of sample) {
          const network = label.network === '*' ? 'ETH' : label.network;
          const found = (await lookup(network, [label.address])).get(label.address) ?? [];
          assert.ok(
            found.some((f) => f.source === seed.source && f.category === label.category && f.label === label.label),
            `${name}: ${label.address} on ${network}`,
          );
        }
      }
    });
  });
}
