import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { numberToHex, type Hex } from 'viem';
import { createEdrProvider } from '../devnet/edr-provider.ts';
import { recordCalls, type RecordedCall } from './call-recorder.ts';
import { bodyOf, RECEIPT_FORMAT, receiptId, type ReceiptBody } from './receipt.ts';
import { keyIdOf, rawPublicKey, signBody, type KeysDocument } from './receipt-keys.ts';
import { replayReceipt } from './replay-receipt.ts';
import { checkSignature } from './verify-signature.ts';

const GENESIS = 1_790_000_000;
const chain = () => createEdrProvider({ chainId: 31337, genesisTime: GENESIS });

// A contract whose constructor stores 7 and whose runtime returns the stored word and logs (hand-assembled):
// runtime  PUSH1 0 SLOAD PUSH1 0 MSTORE PUSH1 0 PUSH1 0 LOG0 PUSH1 32 PUSH1 0 RETURN  (16 bytes)
// init     PUSH1 7 PUSH1 0 SSTORE PUSH1 16 PUSH1 17 PUSH1 0 CODECOPY PUSH1 16 PUSH1 0 RETURN  (17 bytes), then the runtime
const RUNTIME = '60005460005260006000a060206000f3';
const INIT = `0x60076000556010601160003960106000f3${RUNTIME}` as Hex;

async function recordRun(): Promise<{ calls: readonly RecordedCall[]; body: ReceiptBody }> {
  const base = await chain();
  const recorder = recordCalls(base);
  const p = recorder.provider;
  const alice = '0x00000000000000000000000000000000000a11ce';
  recorder.supports('setup');
  await p.request({ method: 'hardhat_impersonateAccount', params: [alice] });
  await p.request({ method: 'hardhat_setBalance', params: [alice, numberToHex(10n ** 20n)] });
  const hash = (await p.request({
    method: 'eth_sendTransaction',
    params: [{ from: alice, data: INIT, gas: numberToHex(1_000_000n) }],
  })) as Hex;
  const receipt = (await p.request({ method: 'eth_getTransactionReceipt', params: [hash] })) as { contractAddress: string };
  recorder.supports('the stored word is 7');
  const snapshot = await p.request({ method: 'evm_snapshot' });
  await p.request({
    method: 'eth_sendTransaction',
    params: [{ from: alice, to: receipt.contractAddress, data: '0x', gas: numberToHex(100_000n) }],
  });
  await p.request({ method: 'hardhat_mine', params: ['0x3', '0x3c'] });
  await p.request({ method: 'evm_revert', params: [snapshot] });
  await p.request({ method: 'eth_call', params: [{ to: receipt.contractAddress, data: '0x' }, 'latest'] });
  await p.request({ method: 'eth_chainId' }); // metadata: not recorded
  const calls = await recorder.calls();
  const body: ReceiptBody = {
    format: RECEIPT_FORMAT,
    issuer: 'https://scopeward.test',
    issuedAt: '2026-11-27T12:00:00.000Z',
    subject: { kind: 'address', network: 'LOCAL', token: receipt.contractAddress },
    verdict: {
      taxes: { buyTax: 0, sellTax: 0, transferTax: 0, buyGas: 0, sellGas: 0, transferGas: 0, error: '' },
      reason: '',
      scope: 'test',
      ownerActions: [],
    },
    environment: { mode: 'snapshot', network: 'LOCAL', chainId: 31337, block: await recorder.start() },
    conclusions: [],
    calls,
  };
  return { calls, body };
}

const key = () => {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = rawPublicKey(publicKey);
  return {
    privateKey,
    published: {
      keyId: keyIdOf(raw),
      alg: 'Ed25519' as const,
      publicKey: raw.toString('base64url'),
      createdAt: '2026-01-01T00:00:00.000Z',
      retiredAt: null,
      expiresAt: null,
    },
  };
};

test('the recorder keeps state changes, transactions and reads in order, with outcomes, and leaves chain metadata out', async () => {
  const { calls } = await recordRun();
  assert.deepEqual(
    calls.map((c) => c.method),
    [
      'hardhat_impersonateAccount',
      'hardhat_setBalance',
      'eth_sendTransaction',
      'evm_snapshot',
      'eth_sendTransaction',
      'hardhat_mine',
      'evm_revert',
      'eth_call',
    ],
  );
  const deploy = calls[2]!;
  assert.equal(deploy.tx?.status, 'success');
  assert.ok(deploy.tx.contractAddress && Number(deploy.tx.gasUsed) > 21_000);
  assert.equal(calls[4]!.tx?.status, 'success');
  assert.notEqual(calls[4]!.tx.logsDigest, deploy.tx.logsDigest, 'the call logged, the deployment did not');
  assert.equal(calls[5]!.minedTimestamp! - calls[4]!.tx.blockTimestamp >= 120, true, '3 blocks 60 s apart');
  assert.equal(calls[7]!.result, `0x${'7'.padStart(64, '0')}`);
  assert.deepEqual([...new Set(calls.map((c) => c.supports))], ['setup', 'the stored word is 7']);
  assert.deepEqual(
    calls.map((c) => c.index),
    [0, 1, 2, 3, 4, 5, 6, 7],
  );
});

test('a signed receipt verifies offline; one changed byte, an unknown key, an expired or retired key do not', async () => {
  const { body } = await recordRun();
  const k = key();
  const { receipt, id } = signBody(body, k.published.keyId, k.privateKey);
  assert.equal(id, receiptId(body));
  const keys: KeysDocument = { issuer: body.issuer, keys: [k.published] };
  const now = new Date('2026-11-28T00:00:00Z');
  assert.equal(checkSignature(receipt, keys, now).ok, true);
  assert.deepEqual(bodyOf(receipt), body);

  // One byte of the serialised receipt: a digit of a gas figure.
  const text = JSON.stringify(receipt);
  const at = text.indexOf('"gasUsed":"') + '"gasUsed":"'.length;
  const flipped = `${text.slice(0, at)}${text[at] === '9' ? '8' : '9'}${text.slice(at + 1)}`;
  const changed = checkSignature(JSON.parse(flipped), keys, now);
  assert.equal(changed.ok, false);
  assert.equal(!changed.ok && changed.problem, 'signature invalid');

  const other = key();
  const unknown = checkSignature(receipt, { issuer: body.issuer, keys: [other.published] }, now);
  assert.equal(!unknown.ok && unknown.problem, 'unknown key id');

  const expired = checkSignature(receipt, { issuer: body.issuer, keys: [{ ...k.published, expiresAt: '2026-11-27T18:00:00.000Z' }] }, now);
  assert.equal(!expired.ok && expired.problem, 'expired key');

  // Retired after the receipt was issued: still verifies (a rotation keeps old receipts valid). Before: refused.
  assert.equal(
    checkSignature(receipt, { issuer: body.issuer, keys: [{ ...k.published, retiredAt: '2026-11-27T13:00:00.000Z' }] }, now).ok,
    true,
  );
  const retired = checkSignature(receipt, { issuer: body.issuer, keys: [{ ...k.published, retiredAt: '2026-11-27T11:00:00.000Z' }] }, now);
  assert.equal(!retired.ok && retired.problem, 'key retired before the receipt was issued');

  const brokenCall = checkSignature({ ...receipt, calls: [null] }, keys, now);
  assert.equal(!brokenCall.ok && brokenCall.problem, 'not a receipt');
  const notReceipt = checkSignature({ hello: 'world' }, keys, now);
  assert.equal(!notReceipt.ok && notReceipt.problem, 'not a receipt');
});

test('a replay on the same chain state reproduces every call; a changed outcome is named at its step', async () => {
  const { body } = await recordRun();
  const k = key();
  const { receipt } = signBody(body, k.published.keyId, k.privateKey);
  // A chain built the same way has the same head block: the recorded state.
  const reproduced = await replayReceipt(receipt, { provider: await chain() });
  assert.equal(reproduced.status, 'reproduced', JSON.stringify(reproduced));

  const calls = body.calls.map((c) => (c.method === 'eth_call' ? { ...c, result: `0x${'8'.padStart(64, '0')}` } : c));
  const differs = await replayReceipt({ ...receipt, calls }, { provider: await chain() });
  assert.equal(differs.status, 'differs');
  assert.equal(differs.status === 'differs' && differs.step, 7);
  assert.match(differs.status === 'differs' ? differs.how : '', /the answer is "0x0+7", the receipt says "0x0+8"/);

  const gas = body.calls.map((c) => (c.index === 4 && c.tx ? { ...c, tx: { ...c.tx, gasUsed: '1' } } : c));
  const gasDiffers = await replayReceipt({ ...receipt, calls: gas }, { provider: await chain() });
  assert.match(gasDiffers.status === 'differs' ? gasDiffers.how : '', /^gas used \d+, the receipt says 1$/);
});

test('a replay refuses what it cannot run as recorded: another chain state, a call asking unbounded gas, a method it does not send', async () => {
  const { body } = await recordRun();
  const k = key();
  const { receipt } = signBody(body, k.published.keyId, k.privateKey);
  const moved = await chain();
  await moved.request({ method: 'evm_mine' });
  const other = await replayReceipt(receipt, { provider: moved });
  assert.equal(other.status, 'cannot replay');
  assert.match(other.status === 'cannot replay' ? other.reason : '', /^cannot replay: block not available at this RPC/);

  const greedy = body.calls.map((c) =>
    c.method === 'eth_call' ? { ...c, params: [{ ...(c.params[0] as object), gas: '0xffffffffffff' }, 'latest'] } : c,
  );
  const capped = await replayReceipt({ ...receipt, calls: greedy }, { provider: await chain() });
  assert.match(capped.status === 'cannot replay' ? capped.reason : '', /asks for 281474976710655 gas, more than a replay allows/);

  const odd = [...body.calls, { ...body.calls[0]!, index: body.calls.length, method: 'hardhat_setLoggingEnabled' }];
  const refused = await replayReceipt({ ...receipt, calls: odd }, { provider: await chain() });
  assert.match(refused.status === 'cannot replay' ? refused.reason : '', /hardhat_setLoggingEnabled, which a replay does not send/);

  const slow = await replayReceipt(receipt, { provider: await chain() }, { timeoutMs: 1 });
  assert.equal(slow.status, 'cannot replay');
  assert.match(slow.status === 'cannot replay' ? slow.reason : '', /time cap/);
});

test('a fork receipt with no RPC to fork names what it needs', async () => {
  const { body } = await recordRun();
  const k = key();
  const { receipt } = signBody(
    { ...body, environment: { ...body.environment, mode: 'fork', network: 'BSC', chainId: 56 } as ReceiptBody['environment'] },
    k.published.keyId,
    k.privateKey,
  );
  const out = await replayReceipt(receipt, {});
  assert.match(out.status === 'cannot replay' ? out.reason : '', /needs an RPC serving block \d+/);
});

test('calls sent together keep distinct indexes in the order they were sent, each with its own answer', async () => {
  const recorder = recordCalls(await chain());
  const p = recorder.provider;
  const accounts = [
    '0x00000000000000000000000000000000000000a1',
    '0x00000000000000000000000000000000000000a2',
    '0x00000000000000000000000000000000000000a3',
  ];
  await p.request({ method: 'hardhat_setBalance', params: [accounts[1], numberToHex(5n)] });
  // The chain readers send reads with Promise.all: none may take another's place in the receipt.
  const answers = await Promise.all(accounts.map((a) => p.request({ method: 'eth_getBalance', params: [a, 'latest'] })));
  const calls = await recorder.calls();
  assert.deepEqual(
    calls.map((c) => c.index),
    calls.map((_, i) => i),
  );
  const reads = calls.filter((c) => c.method === 'eth_getBalance');
  assert.deepEqual(
    reads.map((c) => [c.params[0], c.result]),
    accounts.map((a, i) => [a, answers[i]]),
  );
});
