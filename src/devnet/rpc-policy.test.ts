import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  callerRights,
  classifyMethod,
  decide,
  guardedRequest,
  isLoopback,
  logBlockSpan,
  RPC_POLICY_ERRORS,
  DEFAULT_RPC_LIMITS,
} from './rpc-policy.ts';

const outsider = { privileged: false };
const insider = { privileged: true };

describe('devnet RPC policy', () => {
  it('classifies reads, executing reads, traces and everything else', () => {
    assert.equal(classifyMethod('eth_getBalance'), 'read');
    assert.equal(classifyMethod('eth_call'), 'execute');
    assert.equal(classifyMethod('debug_traceCall'), 'trace');
    for (const m of [
      'eth_sendTransaction',
      'eth_sendRawTransaction',
      'hardhat_setBalance',
      'hardhat_impersonateAccount',
      'evm_revert',
      'evm_mine',
      'anvil_setCode',
      'eth_sign',
      'eth_newFilter',
      'whatever',
    ]) {
      assert.equal(classifyMethod(m), 'privileged', m);
    }
  });

  it('grants privilege to the service, open mode, admin keys, and loopback clients of a loopback host only', () => {
    const base = { mode: 'local' as const, loopbackHost: true, loopbackClient: false, adminKey: false, internal: false };
    assert.equal(callerRights(base).privileged, false);
    assert.equal(callerRights({ ...base, loopbackClient: true }).privileged, true);
    // On a public HOST a local reverse proxy makes everyone look local.
    assert.equal(callerRights({ ...base, loopbackHost: false, loopbackClient: true }).privileged, false);
    assert.equal(callerRights({ ...base, loopbackHost: false, adminKey: true }).privileged, true);
    assert.equal(callerRights({ ...base, loopbackHost: false, internal: true }).privileged, true);
    assert.equal(callerRights({ ...base, loopbackHost: false, mode: 'open' }).privileged, true);
  });

  it('recognises loopback addresses', () => {
    for (const a of ['127.0.0.1', '127.1.2.3', '::1', 'localhost', '::ffff:127.0.0.1']) assert.equal(isLoopback(a), true, a);
    for (const a of ['0.0.0.0', '::', '10.0.0.1', '203.0.113.5', '::ffff:10.0.0.1']) assert.equal(isLoopback(a), false, a);
  });

  it('refuses state-changing methods to outsiders with a JSON-RPC error and keeps the id', () => {
    const d = decide({ jsonrpc: '2.0', id: 7, method: 'hardhat_impersonateAccount', params: ['0x1'] }, outsider);
    assert.equal(d.kind, 'refuse');
    assert.deepEqual((d as { response: { id: number; error: { code: number } } }).response.id, 7);
    assert.equal((d as { response: { error: { code: number } } }).response.error.code, RPC_POLICY_ERRORS.notAllowed);
    assert.equal(decide({ id: 1, method: 'hardhat_impersonateAccount' }, insider).kind, 'forward');
  });

  it('caps the gas of outside eth_call and estimateGas, and makes traces lean', () => {
    const big = decide({ id: 1, method: 'eth_call', params: [{ to: '0x1', gas: '0xffffffff' }, 'latest'] }, outsider);
    assert.deepEqual(
      (big as { request: { params: [{ gas: string }] } }).request.params[0].gas,
      `0x${DEFAULT_RPC_LIMITS.callGasCap.toString(16)}`,
    );
    const none = decide({ id: 1, method: 'eth_estimateGas', params: [{ to: '0x1' }] }, outsider);
    assert.equal(
      (none as { request: { params: [{ gas: string }] } }).request.params[0].gas,
      `0x${DEFAULT_RPC_LIMITS.callGasCap.toString(16)}`,
    );
    const small = decide({ id: 1, method: 'eth_call', params: [{ to: '0x1', gas: '0x5208' }, 'latest'] }, outsider);
    assert.equal((small as { request: { params: [{ gas: string }] } }).request.params[0].gas, '0x5208');
    const trace = decide({ id: 1, method: 'debug_traceCall', params: [{ to: '0x1' }, 'latest'] }, outsider) as {
      request: { params: [{ gas: string }, string, { disableMemory: boolean }] };
    };
    assert.equal(trace.request.params[0].gas, `0x${DEFAULT_RPC_LIMITS.traceGasCap.toString(16)}`);
    assert.equal(trace.request.params[2].disableMemory, true);
    // Privileged callers' calls pass untouched.
    const mine = decide({ id: 1, method: 'eth_call', params: [{ to: '0x1', gas: '0xffffffff' }] }, insider) as {
      request: { params: [{ gas: string }] };
    };
    assert.equal(mine.request.params[0].gas, '0xffffffff');
  });

  it('answers a batch item by item, refusing only the forbidden ones', async () => {
    const sent: unknown[] = [];
    const node = async (request: unknown) => {
      sent.push(request);
      return { jsonrpc: '2.0', id: (request as { id: number }).id, result: '0x1' };
    };
    const out = (await guardedRequest(
      [
        { jsonrpc: '2.0', id: 1, method: 'eth_chainId' },
        { jsonrpc: '2.0', id: 2, method: 'eth_sendRawTransaction', params: ['0xdead'] },
      ],
      outsider,
      node,
    )) as { id: number; error?: { code: number } }[];
    assert.equal(out.length, 2);
    assert.equal(out[0]?.error, undefined);
    assert.equal(out[1]?.error?.code, RPC_POLICY_ERRORS.notAllowed);
    assert.equal(sent.length, 1);
  });

  it('answers an oversized trace and a call over its time with errors', async () => {
    const limits = { ...DEFAULT_RPC_LIMITS, maxTraceBytes: 100, callTimeoutMs: 10 };
    const huge = await guardedRequest(
      { id: 1, method: 'debug_traceCall', params: [{}] },
      outsider,
      async () => ({ result: 'x'.repeat(1000) }),
      limits,
    );
    assert.equal((huge as { error: { code: number } }).error.code, RPC_POLICY_ERRORS.tooLarge);
    const never = await guardedRequest({ id: 2, method: 'eth_call', params: [{}] }, outsider, () => new Promise(() => {}), limits);
    assert.equal((never as { error: { code: number } }).error.code, RPC_POLICY_ERRORS.timeout);
  });

  it('refuses a nested batch and never hands it to the node, whatever methods it holds', async () => {
    const sent: unknown[] = [];
    const node = async (request: unknown) => {
      sent.push(request);
      return { jsonrpc: '2.0', id: 1, result: '0x1' };
    };
    const cheat = { jsonrpc: '2.0', id: 1, method: 'hardhat_setBalance', params: ['0x1', '0xffff'] };
    const out = (await guardedRequest([[cheat]], outsider, node)) as { error?: { code: number } }[];
    assert.equal(out[0]?.error?.code, RPC_POLICY_ERRORS.invalidRequest);
    const deeper = (await guardedRequest(
      [[[cheat]], [{ id: 2, method: 'eth_call', params: [{ to: '0x1', gas: '0x989680' }] }]],
      outsider,
      node,
    )) as {
      error?: { code: number };
    }[];
    assert.deepEqual(
      deeper.map((a) => a.error?.code),
      [RPC_POLICY_ERRORS.invalidRequest, RPC_POLICY_ERRORS.invalidRequest],
    );
    // Non-objects and method-less items are answered here too.
    const odd = (await guardedRequest([1, 'x', null, { id: 3 }], outsider, node)) as { error?: { code: number } }[];
    assert.ok(odd.every((a) => a.error?.code === RPC_POLICY_ERRORS.invalidRequest));
    assert.equal(sent.length, 0);
    assert.equal(decide([cheat], insider).kind, 'refuse');
  });

  it('caps an outside batch, and refuses an empty one', async () => {
    const limits = { ...DEFAULT_RPC_LIMITS, maxBatchItems: 3 };
    const node = async () => ({ jsonrpc: '2.0', id: 1, result: '0x1' });
    const read = { jsonrpc: '2.0', id: 1, method: 'eth_chainId' };
    assert.equal(((await guardedRequest([read, read, read], outsider, node, limits)) as unknown[]).length, 3);
    const tooMany = (await guardedRequest([read, read, read, read], outsider, node, limits)) as {
      error: { code: number; message: string };
    };
    assert.equal(tooMany.error.code, RPC_POLICY_ERRORS.tooLarge);
    assert.match(tooMany.error.message, /at most 3/);
    assert.equal(((await guardedRequest([], outsider, node)) as { error: { code: number } }).error.code, RPC_POLICY_ERRORS.invalidRequest);
  });

  it('measures eth_getLogs ranges, resolving tags against the head', async () => {
    const head = async () => 50_000n;
    assert.equal(await logBlockSpan([{ fromBlock: '0x0', toBlock: 'latest' }], head), 50_001n);
    assert.equal(await logBlockSpan([{ fromBlock: 'earliest' }], head), 50_001n);
    assert.equal(await logBlockSpan([{}], head), 1n);
    assert.equal(await logBlockSpan([{ blockHash: '0xab' }], head), 1n);
    assert.equal(await logBlockSpan([{ fromBlock: '0x10', toBlock: '0x1f' }], head), 16n);
    assert.equal(await logBlockSpan([{ fromBlock: '0x20', toBlock: '0x1f' }], head), 0n);
    assert.equal(await logBlockSpan([{ fromBlock: 'nonsense' }], head), undefined);
  });

  it('refuses an outside eth_getLogs over too many blocks, and keeps a batch of answers under its byte budget', async () => {
    const limits = { ...DEFAULT_RPC_LIMITS, maxLogBlockRange: 1_000, maxAnswerBytes: 2_500 };
    const node = async (request: unknown) => {
      const { id, method } = request as { id: number; method: string };
      if (method === 'eth_blockNumber') return { jsonrpc: '2.0', id, result: '0x2710' };
      return { jsonrpc: '2.0', id, result: ['x'.repeat(1_000)] };
    };
    const wide = (await guardedRequest({ id: 1, method: 'eth_getLogs', params: [{ fromBlock: '0x0' }] }, outsider, node, limits)) as {
      error: { code: number; message: string };
    };
    assert.equal(wide.error.code, RPC_POLICY_ERRORS.tooLarge);
    assert.match(wide.error.message, /10001 blocks/);
    const recent = { method: 'eth_getLogs', params: [{ fromBlock: '0x2700' }] };
    let asked = 0;
    const counting = async (request: unknown) => {
      asked += 1;
      return node(request);
    };
    const batch = (await guardedRequest(
      [1, 2, 3, 4].map((id) => ({ id, ...recent })),
      outsider,
      counting,
      limits,
    )) as { result?: unknown; error?: { code: number } }[];
    assert.deepEqual(
      batch.map((a) => a.error?.code ?? 'ok'),
      ['ok', 'ok', RPC_POLICY_ERRORS.tooLarge, RPC_POLICY_ERRORS.tooLarge],
    );
    // The fourth was refused without asking the node (the head block is asked once).
    assert.equal(asked, 1 + 3);
    // Privileged callers are not capped.
    const all = await guardedRequest({ id: 1, method: 'eth_getLogs', params: [{ fromBlock: '0x0' }] }, insider, node, limits);
    assert.ok((all as { result: unknown }).result);
  });
});
