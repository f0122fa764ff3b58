import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSecretBox } from '../codehosts/secret-box.ts';
import { openTestStore, storeKinds } from '../testing/test-stores.ts';
import { RECEIPT_FORMAT, type ReceiptBody } from './receipt.ts';
import { createReceiptSigner } from './receipt-keys.ts';
import { checkSignature } from './verify-signature.ts';

const body = (issuedAt: string): ReceiptBody => ({
  format: RECEIPT_FORMAT,
  issuer: 'https://scopeward.test',
  issuedAt,
  subject: { kind: 'address', network: 'LOCAL', token: '0x0000000000000000000000000000000000000001' },
  verdict: {
    taxes: { buyTax: 1, sellTax: 2, transferTax: 3, buyGas: 0, sellGas: 0, transferGas: 0, error: '' },
    reason: '',
    scope: 's',
    ownerActions: [],
  },
  environment: { mode: 'snapshot', network: 'LOCAL', chainId: 31337, block: { number: 1, hash: '0x01', timestamp: 1 } },
  conclusions: [],
  calls: [],
});

for (const kind of storeKinds()) {
  test(`${kind}: a key is made on first use, sealed at rest, and a rotation keeps old receipts verifiable`, async () => {
    const store = await openTestStore(kind);
    try {
      let clock = new Date('2026-11-27T10:00:00.000Z');
      const box = createSecretBox('test secret');
      const signer = createReceiptSigner(store.db, box, () => clock);
      assert.deepEqual(await signer.keys(), []);
      const { receipt: first } = await signer.sign(body('2026-11-27T10:00:00.000Z'));
      const [key] = await signer.keys();
      assert.equal(first.signature.keyId, key!.keyId);
      assert.equal(key!.retiredAt, null);

      const row = await store.db.selectFrom('receipt_keys').selectAll().executeTakeFirstOrThrow();
      assert.match(row.private_key, /^v1\./, 'sealed with the secret box');
      assert.equal(box.open(row.private_key)?.length ? true : false, true);
      assert.equal(createSecretBox('another secret').open(row.private_key), null);

      // A second process on the same store signs with the same key.
      const again = await createReceiptSigner(store.db, box, () => clock).sign(body('2026-11-27T10:00:01.000Z'));
      assert.equal(again.receipt.signature.keyId, key!.keyId);

      clock = new Date('2026-11-27T11:00:00.000Z');
      const next = await signer.rotate();
      const { receipt: later } = await signer.sign(body('2026-11-27T11:00:01.000Z'));
      assert.equal(later.signature.keyId, next.keyId);
      const keys = await signer.keys();
      assert.deepEqual(
        keys.map((k) => [k.keyId, k.retiredAt]),
        [
          [next.keyId, null],
          [key!.keyId, '2026-11-27T11:00:00.000Z'],
        ],
      );
      const document = { issuer: 'https://scopeward.test', keys };
      const now = new Date('2026-11-27T12:00:00.000Z');
      assert.equal(checkSignature(first, document, now).ok, true, 'signed before the rotation: still verifies');
      assert.equal(checkSignature(later, document, now).ok, true);

      clock = new Date('2026-11-27T13:00:00.000Z');
      await signer.rotate({ expirePrevious: true });
      const expired = checkSignature(later, { issuer: '', keys: await signer.keys() }, now);
      assert.equal(expired.ok, true, 'not yet expired at the time of the check');
      const afterExpiry = checkSignature(later, { issuer: '', keys: await signer.keys() }, new Date('2026-11-27T14:00:00.000Z'));
      assert.equal(!afterExpiry.ok && afterExpiry.problem, 'expired key');
    } finally {
      await store.dispose();
    }
  });
}
