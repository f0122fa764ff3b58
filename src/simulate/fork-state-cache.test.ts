import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ForkStateCache, cacheKey, emptyStateAnswer, isCacheable, isStateRead, quantity } from './fork-state-cache.ts';

const A = '0x150D275D86de10e9388303cDeD1F2Ad3ed304298';

test('only answers fixed forever are cacheable: explicit blocks and the chain identity, never a tag', () => {
  assert.equal(isCacheable({ method: 'eth_getStorageAt', params: [A, '0x5', '0x92'] }), true);
  assert.equal(isCacheable({ method: 'eth_getStorageAt', params: [A, '0x5', 'latest'] }), false);
  assert.equal(isCacheable({ method: 'eth_getBlockByNumber', params: ['0x92', false] }), true);
  assert.equal(isCacheable({ method: 'eth_getBlockByNumber', params: ['latest', false] }), false);
  assert.equal(isCacheable({ method: 'eth_getLogs', params: [{ fromBlock: '0x1', toBlock: '0x92' }] }), true);
  assert.equal(isCacheable({ method: 'eth_getLogs', params: [{ fromBlock: '0x1', toBlock: 'latest' }] }), false);
  assert.equal(isCacheable({ method: 'eth_chainId', params: [] }), true);
  assert.equal(isCacheable({ method: 'eth_blockNumber', params: [] }), false);
  assert.equal(isCacheable({ method: 'eth_sendRawTransaction', params: ['0x00'] }), false);
  assert.equal(isStateRead({ method: 'eth_getCode', params: [A, '0x92'] }), true);
  assert.equal(isStateRead({ method: 'eth_getBlockByNumber', params: ['0x92', false] }), false);
});

test('keys ignore the case of addresses; a tag-addressed answer is not stored', () => {
  const cache = new ForkStateCache();
  cache.set({ method: 'eth_getCode', params: [A, '0x92'] }, { result: '0x6080' });
  assert.deepEqual(cache.get({ method: 'eth_getCode', params: [A.toLowerCase(), '0x92'] }), { result: '0x6080' });
  assert.equal(cache.get({ method: 'eth_getCode', params: [A, '0x93'] }), undefined);
  cache.set({ method: 'eth_getCode', params: [A, 'latest'] }, { result: '0x6080' });
  assert.equal(cache.size, 1);
  assert.equal(cacheKey({ method: 'm', params: ['0xAB'] }), cacheKey({ method: 'm', params: ['0xab'] }));
});

test('errors are not cached: a node behind on blocks or a transport failure may answer the next time', () => {
  const cache = new ForkStateCache();
  const call = { method: 'eth_getBalance', params: [A, '0x92'] };
  cache.set(call, { error: { code: -32603, message: 'upstream: fetch failed' } });
  cache.set(call, { error: { code: -32000, message: 'header not found' } });
  assert.equal(cache.get(call), undefined);
  cache.set(call, { result: '0x1' });
  assert.deepEqual(cache.get(call), { result: '0x1' });
});

test('the least recently used answers go first when the cache is full', () => {
  const cache = new ForkStateCache(2);
  const at = (slot: string) => ({ method: 'eth_getStorageAt', params: [A, slot, '0x92'] });
  cache.set(at('0x1'), { result: '0x01' });
  cache.set(at('0x2'), { result: '0x02' });
  cache.get(at('0x1'));
  cache.set(at('0x3'), { result: '0x03' });
  assert.equal(cache.size, 2);
  assert.ok(cache.get(at('0x1')));
  assert.equal(cache.get(at('0x2')), undefined);
  assert.ok(cache.get(at('0x3')));
});

test('a prestate trace fills accounts and slots, missing fields read as empty, slots as EDR writes them', () => {
  const cache = new ForkStateCache();
  const slot = `0x${'0'.repeat(63)}5`;
  const added = cache.addPrestate('0x92', {
    [A.toLowerCase()]: { balance: '0x10', code: '0x6080', storage: { [slot]: `0x${'0'.repeat(62)}2a` } },
    '0x0000000000000000000000000000000000000000': { balance: '0x0' },
    'not an address': { balance: '0x1' },
  });
  assert.equal(added, 7);
  assert.deepEqual(cache.get({ method: 'eth_getBalance', params: [A, '0x92'] }), { result: '0x10' });
  assert.deepEqual(cache.get({ method: 'eth_getTransactionCount', params: [A, '0x92'] }), { result: '0x0' });
  assert.deepEqual(cache.get({ method: 'eth_getStorageAt', params: [A, '0x5', '0x92'] }), { result: `0x${'0'.repeat(62)}2a` });
  assert.deepEqual(cache.get({ method: 'eth_getCode', params: ['0x0000000000000000000000000000000000000000', '0x92'] }), { result: '0x' });
  assert.equal(cache.addPrestate('0x92', null), 0);
  assert.equal(quantity(`0x${'0'.repeat(64)}`), '0x0');
});

test('a discovery pass assumes an empty account or slot', () => {
  assert.deepEqual(emptyStateAnswer({ method: 'eth_getCode', params: [A, '0x92'] }), { result: '0x' });
  assert.deepEqual(emptyStateAnswer({ method: 'eth_getStorageAt', params: [A, '0x0', '0x92'] }), { result: `0x${'0'.repeat(64)}` });
});
