import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openTestStore, storeKinds, type TestStore } from '../testing/test-stores.ts';
import { createPriceHistory } from './price-history.ts';

for (const kind of storeKinds()) {
  describe(`price history (${kind})`, () => {
    let store: TestStore;
    before(async () => {
      store = await openTestStore(kind);
    });
    after(async () => {
      await store.dispose();
    });

    it('answers the latest price at or before a time, within the allowed age', async () => {
      const history = createPriceHistory(store.db);
      const token = '0xAbC0000000000000000000000000000000000001';
      await history.record('LOCAL', token, { at: '2025-01-01T00:00:00.000Z', priceUsd: 1 });
      await history.record('LOCAL', token, { at: '2025-01-10T00:00:00.000Z', priceUsd: 2 });
      await history.record('LOCAL', token, { at: '2025-01-20T00:00:00.000Z', priceUsd: 3 });
      const day = 86_400_000;
      assert.deepEqual(await history.priceAt('LOCAL', token.toLowerCase(), new Date('2025-01-15T00:00:00Z'), 10 * day), {
        at: '2025-01-10T00:00:00.000Z',
        priceUsd: 2,
      });
      // Too old for a 2-day tolerance; another network never answers.
      assert.equal(await history.priceAt('LOCAL', token, new Date('2025-01-15T00:00:00Z'), 2 * day), undefined);
      assert.equal(await history.priceAt('BSC', token, new Date('2025-01-15T00:00:00Z'), 10 * day), undefined);
    });

    it('replaces a price recorded at the same instant and ignores prices that are not positive', async () => {
      const history = createPriceHistory(store.db);
      const token = '0x0000000000000000000000000000000000000abc';
      await history.record('LOCAL', token, { at: '2025-02-01T00:00:00.000Z', priceUsd: 5 });
      await history.record('LOCAL', token, { at: '2025-02-01T00:00:00.000Z', priceUsd: 6.25 });
      await history.record('LOCAL', token, { at: '2025-02-02T00:00:00.000Z', priceUsd: 0 });
      const found = await history.priceAt('LOCAL', token, new Date('2025-02-03T00:00:00Z'), 5 * 86_400_000);
      assert.deepEqual(found, { at: '2025-02-01T00:00:00.000Z', priceUsd: 6.25 });
    });
  });
}
