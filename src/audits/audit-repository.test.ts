import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { storeKinds, openTestStore } from '../testing/test-stores.ts';
import { createAuditLookup, listAudits, readAuditsVersion, removeAudits, upsertAudits } from './audit-repository.ts';
import { SAMPLE_AUDIT } from '../testing/audit-fixtures.ts';

const base = SAMPLE_AUDIT;

for (const kind of storeKinds()) {
  describe(`audit repository on ${kind}`, () => {
    it('returns the latest finished audit of an address, whatever the case of the query', async () => {
      const store = await openTestStore(kind);
      try {
        await upsertAudits(store.db, [base, { ...base, slug: 'alpha-v2', finishedAt: '2024-03-01T00:00:00.000Z' }]);
        const findLatestAudit = createAuditLookup(store);
        const found = await findLatestAudit({ network: 'BSC', address: base.address.toUpperCase().replace('0X', '0x') });
        assert.equal(found?.slug, 'alpha-v2');
        assert.equal(await findLatestAudit({ network: 'ETH', address: base.address }), undefined);
      } finally {
        await store.dispose();
      }
    });

    it('replaces a record with the same network, address and slug instead of duplicating it', async () => {
      const store = await openTestStore(kind);
      try {
        await upsertAudits(store.db, [base]);
        const result = await upsertAudits(store.db, [
          { ...base, name: 'Alpha renamed' },
          { ...base, name: 'Alpha renamed twice' },
        ]);
        assert.equal(result.imported, 1);
        const page = await listAudits(store.db);
        assert.equal(page.total, 1);
        assert.equal(page.items[0]?.name, 'Alpha renamed twice');
      } finally {
        await store.dispose();
      }
    });

    it('writes large imports in one transaction and pages listings', async () => {
      const store = await openTestStore(kind);
      try {
        const many = Array.from({ length: 1234 }, (_, i) => ({ ...base, slug: `s${i}`, address: `0x${i.toString(16).padStart(40, '0')}` }));
        assert.equal((await upsertAudits(store.db, many)).imported, 1234);
        const page = await listAudits(store.db, { limit: 10, offset: 1230 });
        assert.equal(page.total, 1234);
        assert.equal(page.items.length, 4);
        assert.equal((await listAudits(store.db, { network: 'ETH' })).total, 0);
      } finally {
        await store.dispose();
      }
    });

    it('raises the registry version with every import and every removal that removed something', async () => {
      const store = await openTestStore(kind);
      try {
        assert.equal(await readAuditsVersion(store.db), 0);
        await upsertAudits(store.db, [base]);
        assert.equal(await readAuditsVersion(store.db), 1);
        await upsertAudits(store.db, [{ ...base, slug: 'other' }]);
        assert.equal(await readAuditsVersion(store.db), 2);
        assert.equal(await removeAudits(store.db, { network: 'BSC', address: base.address, slug: 'other' }), 1);
        assert.equal(await readAuditsVersion(store.db), 3);
        assert.equal(await removeAudits(store.db, { network: 'ETH', address: base.address }), 0);
        assert.equal(await readAuditsVersion(store.db), 3, 'nothing removed, nothing changed');
        await assert.rejects(upsertAudits(store.db, [{ ...base, slug: null as unknown as string }]));
        assert.equal(await readAuditsVersion(store.db), 3, 'a failed import changes nothing');
      } finally {
        await store.dispose();
      }
    });

    it('removes one slug or every audit of an address', async () => {
      const store = await openTestStore(kind);
      try {
        await upsertAudits(store.db, [base, { ...base, slug: 'beta' }, { ...base, slug: 'gamma' }]);
        assert.equal(await removeAudits(store.db, { network: 'BSC', address: base.address, slug: 'beta' }), 1);
        assert.equal(await removeAudits(store.db, { network: 'BSC', address: base.address.toUpperCase().replace('0X', '0x') }), 2);
        assert.equal(await removeAudits(store.db, { network: 'BSC', address: base.address }), 0);
      } finally {
        await store.dispose();
      }
    });
  });
}
