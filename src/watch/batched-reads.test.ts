import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { decodeFunctionData, encodeFunctionData, encodeFunctionResult, parseAbi, type Hex } from 'viem';
import { startDevnet, type Devnet } from '../devnet/devnet.ts';
import { SAMPLE_TOKEN_SPECS } from '../devnet/sample-tokens.ts';
import { compileSolidity } from '../compile/compile-solidity.ts';
import { analyzeSources } from '../analysis/analyze.ts';
import { inProcessJsonRpc, type RpcAnswer, type RpcCall } from './json-rpc-batch.ts';
import { batchReads, decodeAggregate3, planReads, SLOT_READER_CODE, SUBCALLS_PER_CALL, viewKey } from './batched-reads.ts';
import { isUniswapV2Pair, withKnownSlots } from './known-pairs.ts';
import { decodeValue, readCall } from './read-values.ts';
import { buildWatchPlan, SELECTORS, type WatchedValue } from './watch-plan.ts';

const AGGREGATE3 = parseAbi([
  'function aggregate3((address target, bool allowFailure, bytes callData)[] calls) payable returns ((bool success, bytes returnData)[] returnData)',
]);
const MULTICALL = '0x00000000000000000000000000000000000000ca';
const TAG: Hex = '0x10';
const address = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;
const slot = (n: number): Hex => `0x${n.toString(16).padStart(64, '0')}`;
const storage = (key: string, at: string, n: number, bytes = 32, offset = 0): WatchedValue => ({
  key,
  kind: 'power-variable-changed',
  label: key,
  read: { type: 'storage', address: at, slot: slot(n), offset, bytes },
  format: 'uint',
});
const view = (key: string, at: string, data: Hex, format: 'uint' | 'address' = 'uint'): WatchedValue => ({
  key,
  kind: 'owner-changed',
  label: key,
  read: { type: 'call', address: at, data },
  format,
});

/** The sub-calls of an aggregate3 item, and whether it carries the reader override. */
function subcallsOf(call: RpcCall) {
  const [tx, , override] = call.params as [{ to: string; data: Hex }, Hex, Record<string, { code: Hex }> | undefined];
  assert.equal(tx.to, MULTICALL);
  const { args } = decodeFunctionData({ abi: AGGREGATE3, data: tx.data });
  return { subcalls: args[0], override };
}

/** What a node would answer an aggregate3 item with these results. */
const answer = (results: { success: boolean; returnData: Hex }[]): RpcAnswer => ({
  ok: true,
  result: encodeFunctionResult({ abi: AGGREGATE3, functionName: 'aggregate3', result: results }),
});

describe('batched reads', () => {
  it("decodes aggregate3's answer as viem does, and refuses what is not one", () => {
    const results = [
      { success: true, returnData: `0x${'12'.repeat(32)}` as Hex },
      { success: false, returnData: '0x' as Hex },
      { success: true, returnData: `0x${'ab'.repeat(7 * 32)}` as Hex },
      { success: true, returnData: '0x0102' as Hex },
    ];
    const encoded = answer(results) as { result: Hex };
    assert.deepEqual(decodeAggregate3(encoded.result), results);
    assert.deepEqual(decodeAggregate3((answer([]) as { result: Hex }).result), []);
    assert.equal(decodeAggregate3(encoded.result.slice(0, -64)), undefined, 'cut short');
    assert.equal(decodeAggregate3(`${encoded.result.slice(0, 65)}f${encoded.result.slice(66)}`), undefined, 'an offset past the end');
    assert.equal(decodeAggregate3('0x'), undefined);
    assert.equal(decodeAggregate3('0xzz'), undefined);
  });

  it('keeps the encoded calls from block to block: only the block tag changes', () => {
    const a = address(0xa);
    const plan = planReads([storage('s', a, 1), view('o', a, SELECTORS.owner)], { multicall: MULTICALL, overrides: true });
    const [x, y] = [plan.at('0x1'), plan.at('0x2')];
    assert.deepEqual(
      x.calls.map((c) => c.params[1]),
      ['0x1', '0x1'],
    );
    assert.deepEqual(
      y.calls.map((c) => c.params[1]),
      ['0x2', '0x2'],
    );
    assert.deepEqual(
      x.calls.map((c) => (c.params[0] as { data: Hex }).data),
      y.calls.map((c) => (c.params[0] as { data: Hex }).data),
    );
  });

  it('asks a read several values share once and answers each of them, decoded by its own offset', () => {
    const a = address(0xa);
    const values = [storage('low', a, 3, 1, 0), storage('high', a, 3, 1, 1), storage('other', a, 4), storage('low again', a, 3, 1, 0)];
    const batched = batchReads(values, TAG, { multicall: MULTICALL, overrides: true });
    assert.equal(batched.calls.length, 1);
    const { subcalls, override } = subcallsOf(batched.calls[0]!);
    assert.deepEqual(override, { [a]: { code: SLOT_READER_CODE } });
    assert.equal(subcalls.length, 1);
    assert.equal(subcalls[0]!.callData, `0x${slot(3).slice(2)}${slot(4).slice(2)}`, 'slot 3 asked once');
    const word3 = `${'0'.repeat(60)}0201`;
    const word4 = `${'0'.repeat(62)}07`;
    const answers = batched.answers([answer([{ success: true, returnData: `0x${word3}${word4}` }])]);
    assert.deepEqual(
      values.map((v, i) => decodeValue(v, answers[i])),
      ['1', '2', '7', '1'],
    );
  });

  it('folds views without override, one view of an account a call, and a few calls of at most SUBCALLS_PER_CALL sub-calls', () => {
    const tokens = Array.from({ length: SUBCALLS_PER_CALL + 5 }, (_, i) => address(0x1000 + i));
    const values = tokens.flatMap((t) => [
      view(`${t}:owner`, t, SELECTORS.owner),
      view(`${t}:supply`, t, SELECTORS.totalSupply),
      storage(`${t}:s`, t, 1),
    ]);
    const batched = batchReads(values, TAG, { multicall: MULTICALL, overrides: true });
    const decoded = batched.calls.map(subcallsOf);
    const viewCalls = decoded.filter((d) => d.override === undefined);
    const slotCalls = decoded.filter((d) => d.override !== undefined);
    // Two rounds (owner(), then totalSupply()) of 1 005 views, each in calls of at most 1 000.
    assert.deepEqual(
      viewCalls.map((d) => d.subcalls.length),
      [SUBCALLS_PER_CALL, 5, SUBCALLS_PER_CALL, 5],
    );
    for (const d of viewCalls) assert.equal(new Set(d.subcalls.map((s) => s.target)).size, d.subcalls.length, 'no account twice in a call');
    assert.deepEqual(
      slotCalls.map((d) => d.subcalls.length),
      [SUBCALLS_PER_CALL, 5],
    );
    assert.equal(Object.keys(slotCalls[0]!.override!).length, SUBCALLS_PER_CALL, 'the override names the accounts of its own call only');
  });

  it('answers folded views as their own calls would be answered, and names the ones to read alone', () => {
    const [a, b] = [address(0xa), address(0xb)];
    const values = [view('a', a, SELECTORS.owner, 'address'), view('b', b, SELECTORS.owner, 'address')];
    const batched = batchReads(values, TAG, { multicall: MULTICALL, overrides: true });
    const owner = `0x${'0'.repeat(24)}${'ab'.repeat(20)}` as Hex;
    const items = [
      answer([
        { success: true, returnData: owner },
        { success: false, returnData: '0x' },
      ]),
    ];
    const answers = batched.answers(items);
    assert.equal(decodeValue(values[0]!, answers[0]), '0xabababababababababababababababababababab');
    assert.deepEqual(answers[1], { ok: false, code: 3, message: 'execution reverted' });
    assert.deepEqual(batched.failedViews(items), [viewKey({ address: b, data: SELECTORS.owner })]);
    // The whole call refused: every view in it to be read alone, none answered.
    assert.deepEqual(batched.failedViews([{ ok: false, code: -32000, message: 'out of gas' }]).length, 2);
    assert.deepEqual(batched.answers([{ ok: false, code: -32000, message: 'out of gas' }]), [undefined, undefined]);

    // Read alone: its own eth_call; folded again once it answers.
    const alone = batchReads(values, TAG, {
      multicall: MULTICALL,
      overrides: true,
      alone: new Set([viewKey({ address: b, data: SELECTORS.owner })]),
    });
    assert.equal(alone.calls.length, 2);
    const own = alone.calls.findIndex((c) => JSON.stringify(c) === JSON.stringify(readCall(values[1]!, TAG)));
    assert.notEqual(own, -1);
    const items2 = (aloneAnswer: RpcAnswer) =>
      own === 0
        ? [aloneAnswer, answer([{ success: true, returnData: owner }])]
        : [answer([{ success: true, returnData: owner }]), aloneAnswer];
    assert.deepEqual(alone.answeredAlone(items2({ ok: true, result: owner })), [viewKey({ address: b, data: SELECTORS.owner })]);
    assert.equal(
      decodeValue(values[1]!, alone.answers(items2({ ok: true, result: owner }))[1]),
      '0xabababababababababababababababababababab',
    );
    assert.deepEqual(alone.answeredAlone(items2({ ok: false, code: 3, message: 'execution reverted' })), []);
    assert.deepEqual(alone.answeredAlone(items2({ ok: true, result: '0x' })), [], 'an empty answer (a revert on some nodes) is no answer');
  });

  it('reads value by value without a Multicall3, and slots as items (views still folded) once overrides are refused', () => {
    const a = address(0xa);
    const values = [storage('s', a, 1), view('o', a, SELECTORS.owner), storage('s again', a, 1)];
    const plain = batchReads(values, TAG, { multicall: null, overrides: true });
    assert.deepEqual(plain.calls, [readCall(values[1]!, TAG), readCall(values[0]!, TAG)]);
    const answers = plain.answers([
      { ok: true, result: slot(9) },
      { ok: true, result: slot(5) },
    ]);
    assert.deepEqual(
      values.map((v, i) => decodeValue(v, answers[i])),
      ['5', '9', '5'],
    );
    const refused = batchReads(values, TAG, { multicall: MULTICALL, overrides: false });
    assert.equal(refused.calls.length, 2);
    assert.equal(subcallsOf(refused.calls[0]!).override, undefined);
    assert.deepEqual(refused.calls[1], readCall(values[0]!, TAG));
    const reader = batchReads(values, TAG, { multicall: MULTICALL, overrides: true });
    assert.equal(reader.refused([undefined, { ok: false, code: -32602, message: 'state override not supported' }]), true);
    assert.equal(reader.refused([undefined, answer([{ success: true, returnData: slot(1) }])]), false);
  });
});

describe('batched reads on the devnet', () => {
  let devnet: Devnet;
  before(async () => {
    devnet = await startDevnet({ dataDir: process.env.DATA_DIR ?? './data' });
  });
  after(async () => {
    await devnet.close();
  });

  it("reads every sample token's values the same as calling each view on its own: owner() and the supplies at their slots, the pair's by its code", async () => {
    const rpc = inProcessJsonRpc((payload) => devnet.request(payload));
    const call = async (method: string, params: unknown[]) => {
      const [a] = await rpc.send([{ method, params }]);
      assert.ok(a?.ok, method);
      return a.result as Hex;
    };
    const tag = await call('eth_blockNumber', []);
    const getPair = parseAbi(['function getPair(address, address) view returns (address)']);
    const asSlots: WatchedValue[] = [];
    const asCalls: WatchedValue[] = [];
    const v2 = new Set<string>();
    let slotViews = 0;
    const specs = SAMPLE_TOKEN_SPECS.filter((s) => s.behaviour !== 'unverified' && s.behaviour !== 'proxy');
    for (const spec of specs) {
      const token = devnet.tokens.find((t) => t.behaviour === spec.behaviour)!.address.toLowerCase();
      const source = {
        [`${spec.contract}.sol`]: readFileSync(new URL(`../devnet/contracts/${spec.contract}.sol`, import.meta.url), 'utf8'),
      };
      const storage = compileSolidity(source).contracts.find((c) => c.name === spec.contract)!.storage;
      const powers = analyzeSources(source).tokenPowers.find((p) => p.contract === spec.contract)!;
      const data = encodeFunctionData({ abi: getPair, functionName: 'getPair', args: [token as Hex, devnet.contracts.weth] });
      const pair = `0x${(await call('eth_call', [{ to: devnet.contracts.factory, data }, 'latest'])).slice(-40)}`;
      if (isUniswapV2Pair(await call('eth_getCode', [pair, 'latest']))) v2.add(pair);
      const input = {
        token,
        proxy: false,
        storage,
        powers,
        pair,
        accounts: [{ name: 'pair', address: pair }],
        locks: [],
        sourceNote: null,
      };
      const planned = buildWatchPlan(input).values;
      slotViews += planned.filter((v) => ['owner()', 'totalSupply()'].includes(v.key) && v.read.type === 'storage').length;
      asSlots.push(...planned);
      asCalls.push(...buildWatchPlan({ ...input, powers: { ...powers, views: {} } }).values);
    }
    assert.ok(slotViews >= 8, `owner() and totalSupply() read as slots for most sample tokens (${slotViews})`);
    assert.equal(v2.size, specs.length, "every sample token's pair is known by its code");

    const one = await rpc.send(asCalls.map((v) => readCall(v, tag)));
    const reads = asSlots.map((v) => withKnownSlots(v, v2));
    assert.equal(
      reads.filter((v) => v.read.type === 'call').length,
      asSlots.filter((v) => v.key === 'owner()' && v.read.type === 'call').length,
    );
    const first = batchReads(reads, tag, { multicall: devnet.contracts.multicall, overrides: true });
    const firstItems = await rpc.send(first.calls);
    assert.equal(first.refused(firstItems), false);
    // Views that failed folded (no owner() at all) are read alone, as the follower does at its next block.
    const alone = new Set(first.failedViews(firstItems));
    const batched = batchReads(reads, tag, { multicall: devnet.contracts.multicall, overrides: true, alone });
    const items = await rpc.send(batched.calls);
    assert.deepEqual(batched.answeredAlone(items), [], 'they stay alone: their answer holds no word');
    const answers = batched.answers(items);
    const expected = asCalls.map((v, i) => `${v.key}=${one[i]?.ok ? decodeValue(v, one[i]) : 'unread'}`);
    const got = reads.map((v, i) => `${v.key}=${answers[i]?.ok ? decodeValue(v, answers[i]) : 'unread'}`);
    assert.deepEqual(got, expected);
    assert.ok(batched.calls.length < 4, `${asSlots.length} values in ${batched.calls.length} items`);
  });
});
