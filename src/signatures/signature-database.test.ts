import assert from 'node:assert/strict';
import { test } from 'node:test';
import { toFunctionSelector } from 'viem';
import { extractSignatures } from './extract-signatures.ts';
import { SignatureDatabase } from './signature-database.ts';
import { InMemorySignatureStore } from './signature-store.ts';

const TOKEN = `contract Token {
  mapping(address => uint256) public balanceOf;
  event Transfer(address indexed from, address indexed to, uint256 value);
  error Insufficient(uint256 have, uint256 want);
  function transfer(address to, uint256 value) external returns (bool) {}
}`;
const OTHER = `contract Other {
  mapping(address => uint) public balanceOf;
  function Transfer(address a, address b, uint256 c) external {}
}`;

async function database(): Promise<SignatureDatabase> {
  const db = new SignatureDatabase(new InMemorySignatureStore());
  await db.addExtraction(extractSignatures({ 'Token.sol': TOKEN, 'Other.sol': OTHER }));
  return db;
}

test('lookups by text, by selector and by topic return the same record', async () => {
  const db = await database();
  const [byText] = await db.lookup('balanceOf(address)');
  assert.ok(byText);
  assert.deepEqual(byText, {
    id: byText.id,
    name: 'balanceOf(address)',
    types: ['function'],
    signature: '0x70a08231b98ef4ca268c9cc3f6b4590e4bfec28280db06bb5d45e689f2a360be',
    hash: '0x70a08231',
    total: 2,
  });
  assert.deepEqual(await db.lookup('0x70a08231'), [byText]);
  assert.deepEqual(await db.lookup(byText.signature), [byText]);
  assert.deepEqual(await db.lookup(' balanceOf( address who ) '), [byText]);
});

test('an event topic finds the event, and a text declared as both kinds lists both', async () => {
  const db = await database();
  const [transfer] = await db.lookup('0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef');
  assert.equal(transfer?.name, 'Transfer(address,address,uint256)');
  assert.deepEqual(transfer?.types, ['function', 'event']);
  assert.equal(transfer?.total, 2);
  const [error] = await db.lookup('Insufficient(uint,uint)');
  assert.deepEqual([error?.types, error?.hash], [['error'], toFunctionSelector('error Insufficient(uint256,uint256)')]);
  assert.deepEqual(await db.lookup('unknownThing(uint256)'), []);
  await assert.rejects(db.lookup('not a signature'), /name\(type1,type2\)/);
});

test('adding the same sources again does not count them twice; changed contracts are recounted', async () => {
  const db = await database();
  await db.addExtraction(extractSignatures({ 'Token.sol': TOKEN }));
  assert.equal((await db.lookup('balanceOf(address)'))[0]?.total, 2);
  await db.addExtraction(extractSignatures({ 'Other.sol': 'contract Other { function other() external {} }' }));
  assert.equal((await db.lookup('balanceOf(address)'))[0]?.total, 1);
  await db.addExtraction(extractSignatures({ 'Token.sol': TOKEN }), 'chain:1:0xabc:');
  assert.equal((await db.lookup('balanceOf(address)'))[0]?.total, 2);
});

test('imports text and JSON dumps, checking hashes and rejecting bad lines', async () => {
  const db = new SignatureDatabase(new InMemorySignatureStore());
  const text = [
    '# comment',
    'approve(address,uint256)',
    '0xa9059cbb transfer(address,uint256)',
    '0x12345678,transfer(address,uint256)',
    'broken(',
    '',
  ].join('\n');
  const lines = await db.importDump(text);
  assert.equal(lines.added, 2);
  assert.deepEqual(
    lines.rejected.map((r) => r.at),
    [4, 5],
  );
  assert.match(lines.rejected[0]?.reason ?? '', /does not match/);
  const json = JSON.stringify({
    results: [
      { hex_signature: '0x70a08231', text_signature: 'balanceOf(address)' },
      {
        hex_signature: '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
        text_signature: 'Transfer(address,address,uint256)',
      },
      { hex_signature: 'nothex', text_signature: 'x()' },
      { text: 'missing' },
    ],
  });
  const fromJson = await db.importDump(json);
  assert.equal(fromJson.added, 2);
  assert.equal(fromJson.rejected.length, 2);
  assert.deepEqual((await db.lookup('0xddf252ad'))[0]?.types, ['event']);
  assert.equal((await db.lookup('transfer(address,uint256)'))[0]?.total, 0);
  await assert.rejects(db.importDump('[not json'), /not valid JSON/);
  assert.deepEqual(
    await db.resolveSelectors(['0xA9059CBB', '0xdeadbeef']),
    new Map([
      ['0xa9059cbb', ['transfer(address,uint256)']],
      ['0xdeadbeef', []],
    ]),
  );
});
