import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createUsageRecorder, monthOf } from './usage-recorder.ts';
import { openTestStore } from '../testing/test-stores.ts';
import { createApiKey } from '../keys/api-key-repository.ts';

describe('monthOf', () => {
  it('is the UTC year and month, as toISOString writes them', () => {
    assert.equal(monthOf(new Date('2026-01-31T23:59:59.999Z')), '2026-01');
    assert.equal(monthOf(new Date('2026-02-01T00:00:00.000Z')), '2026-02');
    assert.equal(monthOf(new Date('2026-12-15T12:00:00.000Z')), '2026-12');
    // Local midnight elsewhere is still the previous UTC month.
    assert.equal(monthOf(new Date('2026-03-01T00:30:00.000+02:00')), '2026-02');
  });

  it('pads short years and keeps ISO signed years beyond 9999', () => {
    assert.equal(monthOf(new Date('0999-07-01T00:00:00.000Z')), '0999-07');
    assert.equal(monthOf(new Date('+010000-01-01T00:00:00.000Z')), '+010000');
  });

  it('agrees with toISOString on every month of a century', () => {
    for (let year = 1970; year < 2070; year++) {
      for (let month = 0; month < 12; month++) {
        const date = new Date(Date.UTC(year, month, 1 + ((year * 7 + month) % 28), (year + month) % 24));
        assert.equal(monthOf(date), date.toISOString().slice(0, 7));
      }
    }
  });
});

describe('usage recorder', () => {
  it('counts calls per key and month, splitting at the month boundary of the injected clock, and adds to what was written', async () => {
    const store = await openTestStore('sqlite');
    try {
      const a = await createApiKey(store.db, { name: 'a' });
      const b = await createApiKey(store.db, { name: 'b' });
      let now = new Date('2026-01-31T23:59:59.000Z');
      const usage = createUsageRecorder(store.db, () => now);
      usage.countCall(a.id);
      usage.countCall(a.id);
      usage.countCall(b.id);
      now = new Date('2026-02-01T00:00:00.000Z');
      usage.countCall(a.id);
      await usage.flush();
      now = new Date('2026-01-15T00:00:00.000Z'); // a clock moved back is still counted in its month
      usage.countCall(a.id);
      await usage.close();
      const rows = await store.db
        .selectFrom('api_key_usage')
        .select(['key_id', 'month', 'calls'])
        .orderBy('month')
        .orderBy('key_id')
        .execute();
      const byKey = (id: string) => rows.filter((r) => r.key_id === id).map((r) => [r.month, Number(r.calls)]);
      assert.deepEqual(byKey(a.id), [
        ['2026-01', 3],
        ['2026-02', 1],
      ]);
      assert.deepEqual(byKey(b.id), [['2026-01', 1]]);
    } finally {
      await store.dispose();
    }
  });
});
