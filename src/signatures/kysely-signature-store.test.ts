import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openTestStore, storeKinds } from '../testing/test-stores.ts';
import { extractSignatures } from './extract-signatures.ts';
import { KyselySignatureStore } from './kysely-signature-store.ts';
import { SignatureDatabase } from './signature-database.ts';
import { InMemorySignatureStore } from './signature-store.ts';

const SOURCES = {
  'Token.sol': `contract Token {
    mapping(address => uint256) public balanceOf;
    event Transfer(address indexed from, address indexed to, uint256 value);
    error Insufficient(uint256 have, uint256 want);
    function transfer(address to, uint256 value) external returns (bool) {}
  }`,
  'Other.sol': `contract Other {
    mapping(address => uint) public balanceOf;
    function Transfer(address a, address b, uint256 c) external {}
  }`,
};
const QUERIES = [
  'balanceOf(address)',
  '0x70a08231',
  'Transfer(address,address,uint256)',
  '0xddf252ad',
  'Insufficient(uint256,uint256)',
  'nothing()',
];

for (const kind of storeKinds()) {
  describe(`signature store on ${kind}`, () => {
    it('answers exactly like the in-memory store, and lookups by text and hash agree', async () => {
      const store = await openTestStore(kind);
      try {
        const persisted = new SignatureDatabase(new KyselySignatureStore(store.db, store.sqlite));
        const memory = new SignatureDatabase(new InMemorySignatureStore());
        for (const db of [persisted, memory]) {
          await db.addExtraction(extractSignatures(SOURCES));
          await db.addExtraction(extractSignatures({ 'Token.sol': SOURCES['Token.sol'] }));
          await db.importDump('approve(address,uint256)\n0xa9059cbb transfer(address,uint256)');
        }
        for (const q of QUERIES) {
          const strip = (records: { id: number }[]) => records.map(({ id: _id, ...rest }) => rest);
          assert.deepEqual(strip(await persisted.lookup(q)), strip(await memory.lookup(q)), q);
        }
        const [byText] = await persisted.lookup('balanceOf(address)');
        assert.equal(byText?.total, 2);
        assert.deepEqual(await persisted.lookup(byText?.hash), [byText]);
        assert.deepEqual(await persisted.lookup(byText?.signature), [byText]);
        assert.deepEqual((await persisted.lookup('Transfer(address,address,uint256)'))[0]?.types, ['function', 'event']);
        assert.deepEqual(await persisted.store.counts(), { signatures: 5, contracts: 2 });
        // A contract whose source changed is recounted, not counted twice.
        await persisted.addExtraction(extractSignatures({ 'Other.sol': 'contract Other { function other() external {} }' }));
        assert.equal((await persisted.lookup('balanceOf(address)'))[0]?.total, 1);
      } finally {
        await store.dispose();
      }
    });
  });
}
