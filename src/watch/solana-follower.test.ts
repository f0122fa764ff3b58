/**
 * The Solana follower against a node answering Solana's JSON-RPC shapes (getSlot,
 * getMultipleAccounts with `{context: {slot}, value}`, getSignaturesForAddress, getBlock),
 * whose mint accounts are encoded by the official Token-2022 client, and a real store:
 * the round trips a step costs, 150 mints in two getMultipleAccounts of one batch, events
 * stored once and delivered with the verdict's change, the cursor kept in the store, a
 * failing node, a closed mint, and a network whose slots went back.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { extension, getMintEncoder, type ExtensionArgs } from '@solana-program/token-2022';
import { none, some, type Address } from '@solana/kit';
import { insertTestAccount, openTestStore, type TestStore } from '../testing/test-stores.ts';
import { TOKEN_2022_PROGRAM } from '../solana/solana-programs.ts';
import type { WatchEvent } from '../interface/schemas/watches.ts';
import { RpcUnavailableError, type JsonRpcBatch, type RpcAnswer, type RpcCall } from './json-rpc-batch.ts';
import { createWatchRepository, type WatchRepository } from './watch-repository.ts';
import { createSolanaFollower } from './solana-follower.ts';
import { mintWatchState } from './solana-mint-state.ts';
import type { VerdictSnapshot } from './describe-change.ts';
import type { WatchForDelivery } from './delivery/watch-deliveries.ts';

const AUTHORITY = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU' as Address;
const SIGNATURE = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';

/** 150 distinct base58 addresses (more than one getMultipleAccounts holds). */
const MINTS = Array.from({ length: 150 }, (_, i) => `Mint${String(i).padStart(3, '0').replace(/0/g, 'z')}${'1'.repeat(36)}`);

function mintBytes(mintAuthority: Address | null, bps: number): Uint8Array {
  const ext: ExtensionArgs = extension('TransferFeeConfig', {
    transferFeeConfigAuthority: AUTHORITY,
    withdrawWithheldAuthority: AUTHORITY,
    withheldAmount: 0n,
    olderTransferFee: { epoch: 0n, maximumFee: 1_000_000n, transferFeeBasisPoints: 250 },
    newerTransferFee: { epoch: 0n, maximumFee: 1_000_000n, transferFeeBasisPoints: bps },
  });
  return new Uint8Array(
    getMintEncoder().encode({
      mintAuthority: mintAuthority ? some(mintAuthority) : none(),
      freezeAuthority: none(),
      supply: 1_000_000_000_000n,
      decimals: 6,
      isInitialized: true,
      extensions: some([ext]),
    }),
  );
}

/** A Solana node as the follower sees it through a JSON-RPC batch. */
function solanaNode() {
  const node = {
    slot: 100,
    accounts: new Map<string, Uint8Array | null>(MINTS.map((m) => [m, mintBytes(AUTHORITY, 250)])),
    signatures: new Map<string, { signature: string; slot: number }[]>(),
    trips: [] as RpcCall[][],
    failNext: false,
  };
  const answer = (call: RpcCall): RpcAnswer => {
    const [first, config] = call.params as [unknown, Record<string, unknown> | undefined];
    switch (call.method) {
      case 'getSlot':
        return { ok: true, result: node.slot };
      case 'getMultipleAccounts': {
        if (Number(config?.minContextSlot ?? 0) > node.slot)
          return { ok: false, code: -32016, message: 'Minimum context slot has not been reached' };
        const value = (first as string[]).map((address) => {
          const data = node.accounts.get(address);
          if (!data) return null;
          return {
            data: [Buffer.from(data).toString('base64'), 'base64'],
            executable: false,
            lamports: 1_461_600,
            owner: TOKEN_2022_PROGRAM,
            rentEpoch: 0,
            space: data.length,
          };
        });
        return { ok: true, result: { context: { apiVersion: '2.1.0', slot: node.slot }, value } };
      }
      case 'getSignaturesForAddress':
        return {
          ok: true,
          result: (node.signatures.get(first as string) ?? []).map((s) => ({
            ...s,
            err: null,
            memo: null,
            blockTime: 1_764_000_000,
            confirmationStatus: 'finalized',
          })),
        };
      case 'getBlock':
        return {
          ok: true,
          result: {
            blockhash: `Hash${first as number}${'1'.repeat(36)}`,
            previousBlockhash: 'x',
            parentSlot: (first as number) - 1,
            blockHeight: first,
            blockTime: 1_764_000_000,
          },
        };
      default:
        return { ok: false, code: -32601, message: 'Method not found' };
    }
  };
  const rpc: JsonRpcBatch = {
    async send(calls) {
      node.trips.push([...calls]);
      if (node.failNext) {
        node.failNext = false;
        throw new RpcUnavailableError('the node rate-limited the request (HTTP 429)', true);
      }
      return calls.map(answer);
    },
    roundTrips: () => node.trips.length,
  };
  return { node, rpc };
}

describe('the Solana follower', () => {
  let store: TestStore;
  let repository: WatchRepository;
  const { node, rpc } = solanaNode();
  const delivered: { event: WatchEvent; watch: WatchForDelivery }[] = [];
  let verdict: VerdictSnapshot = { summary: 'The mint authority can mint more tokens.', canSell: 'unknown', buyTax: null, sellTax: null };
  const follow = () =>
    createSolanaFollower({
      network: 'SOL',
      rpc,
      repository,
      deliveries: { enqueue: async (event, watch) => void delivered.push({ event, watch }) },
      resimulate: async () => verdict,
      now: () => new Date('2026-11-28T03:00:00.000Z'),
    });

  before(async () => {
    store = await openTestStore();
    await insertTestAccount(store.db, 'a1', 'a@example.org');
    repository = createWatchRepository(store.db);
    for (const [i, mint] of MINTS.entries())
      await repository.insert({
        id: `w${i}`,
        accountId: 'a1',
        token: mint,
        network: 'SOL',
        chain: 'solana',
        webhookUrl: null,
        email: null,
        dashboard: true,
        webhookSecret: null,
        baseline: {
          plan: { values: [], locks: [], note: null },
          values: mintWatchState(mint, TOKEN_2022_PROGRAM, node.accounts.get(mint)!),
          locks: {},
          verdict,
          decimals: 6,
        },
        verdict: verdict.summary,
        createdAt: 'now',
        lastCheckedBlock: 100,
      });
  });
  after(() => store.dispose());

  it('costs one round trip while the slot stands, two when it moved, all mints in one batch', async () => {
    const follower = follow();
    const idle = await follower.step();
    assert.deepEqual(idle, { kind: 'idle', head: 100 });
    assert.equal(node.trips.length, 1);
    assert.deepEqual(node.trips[0], [{ method: 'getSlot', params: [{ commitment: 'finalized' }] }]);

    node.slot = 101;
    const quiet = await follower.step();
    assert.deepEqual(quiet, { kind: 'advanced', from: 101, to: 101, events: [] });
    assert.equal(node.trips.length, 3);
    const reads = node.trips[2]!;
    assert.equal(reads.length, 2, 'two getMultipleAccounts items in one batch');
    assert.deepEqual(
      reads.map((c) => [c.method, (c.params[0] as string[]).length, c.params[1]]),
      [
        ['getMultipleAccounts', 100, { encoding: 'base64', commitment: 'finalized', minContextSlot: 101 }],
        ['getMultipleAccounts', 50, { encoding: 'base64', commitment: 'finalized', minContextSlot: 101 }],
      ],
    );
    assert.equal((await repository.liveOn('SOL'))[0]!.lastCheckedBlock, 101, 'the cursor is in the store');
  });

  it('reports each change once, with its transaction, slot, hash and the verdict it leaves', async () => {
    const follower = follow();
    node.slot = 102;
    node.accounts.set(MINTS[0]!, mintBytes(null, 250));
    node.accounts.set(MINTS[149]!, mintBytes(AUTHORITY, 1000));
    node.signatures.set(MINTS[0]!, [
      { signature: SIGNATURE, slot: 102 },
      { signature: 'older', slot: 90 },
    ]);
    verdict = { summary: 'No authority is left: the mint cannot be changed.', canSell: 'unknown', buyTax: null, sellTax: null };
    const trips = node.trips.length;
    const outcome = await follower.step();
    assert.equal(outcome.kind, 'advanced');
    assert.equal(node.trips.length - trips, 3, 'getSlot, the accounts, then signatures and block of the changes');
    const events = outcome.kind === 'advanced' ? outcome.events : [];
    assert.equal(events.length, 2, JSON.stringify(events));
    const revoked = events.find((e) => e.watchId === 'w0')!;
    assert.equal(revoked.kind, 'solana-authority-changed');
    assert.equal(
      revoked.summary,
      'mint authority 7xKX…gAsU → none (revoked): no more tokens can be minted; the verdict now reads: No authority is left: the mint cannot be changed.',
    );
    assert.equal(revoked.transactionHash, SIGNATURE);
    assert.equal(revoked.blockNumber, 102);
    assert.equal(revoked.blockHash, `Hash102${'1'.repeat(36)}`);
    assert.equal(revoked.verdictBefore, 'The mint authority can mint more tokens.');
    assert.equal(revoked.verdictAfter, 'No authority is left: the mint cannot be changed.');
    const raised = events.find((e) => e.watchId === 'w149')!;
    assert.equal(raised.kind, 'solana-extension-changed');
    assert.match(raised.summary, /^transfer fee 2.5 % → 10 % \(from epoch 0\)/);
    assert.equal(raised.transactionHash, null, 'no signature on the mint since the last comparison');
    assert.deepEqual(
      delivered.map((d) => d.event.id),
      events.map((e) => e.id),
    );
    assert.deepEqual(
      (await repository.eventsOf('w0')).map((e) => e.summary),
      [revoked.summary],
    );
    const w0 = (await repository.liveOn('SOL')).find((w) => w.id === 'w0')!;
    assert.equal(w0.baseline.values.mintAuthority, null, 'the new state is the baseline');
    assert.equal(w0.verdict, 'No authority is left: the mint cannot be changed.');

    // A restarted follower starts from the store and says nothing again.
    node.slot = 103;
    const again = await follow().step();
    assert.deepEqual(again, { kind: 'advanced', from: 103, to: 103, events: [] });
    assert.equal(delivered.length, 2);
  });

  it('a failing node fails the step; the next resumes where it stopped', async () => {
    const follower = follow();
    node.slot = 104;
    node.failNext = true;
    const failed = await follower.step();
    assert.equal(failed.kind, 'failed');
    assert.equal(follower.cursor(), undefined);
    node.accounts.set(MINTS[1]!, mintBytes(AUTHORITY, 500));
    const resumed = await follower.step();
    assert.equal(resumed.kind, 'advanced');
    assert.equal(resumed.kind === 'advanced' && resumed.events.map((e) => e.watchId).join(), 'w1');
    assert.equal(follower.cursor(), 104);
  });

  it('says a closed mint once', async () => {
    const follower = follow();
    node.slot = 105;
    node.accounts.set(MINTS[2]!, null);
    const closed = await follower.step();
    assert.equal(
      closed.kind === 'advanced' && closed.events.map((e) => e.summary).join(),
      closed.kind === 'advanced' &&
        'the mint account was closed by its close authority: the token no longer exists; the verdict now reads: No authority is left: the mint cannot be changed.',
    );
    node.slot = 106;
    assert.deepEqual(await follower.step(), { kind: 'advanced', from: 106, to: 106, events: [] });
  });

  it('a network whose slots went back (the embedded one restarted) is compared from its head', async () => {
    const follower = follow();
    node.slot = 3;
    node.accounts.set(MINTS[0]!, mintBytes(AUTHORITY, 250));
    const outcome = await follower.step();
    assert.equal(outcome.kind, 'advanced');
    const events = outcome.kind === 'advanced' ? outcome.events : [];
    assert.deepEqual(
      events.map((e) => [e.watchId, e.blockNumber, e.summary.split(';')[0]]),
      [['w0', 3, 'mint authority none → 7xKX…gAsU: a key holds it again']],
    );
    assert.equal((await repository.liveOn('SOL'))[0]!.lastCheckedBlock, 3);
  });
});
