/**
 * Watches of Solana mints end to end on the embedded Solana network (issue 32, decision
 * 0251): a signed-in account watches sample mints through the API; each authority action
 * a sample allows is done for real (`scopeward_act` over the network's JSON-RPC: an SPL
 * Token / Token-2022 instruction in a slot of its own), and the Solana follower, reading
 * the network slot by slot, stores an event saying what changed and what it did to the
 * verdict, and hands it to the deliveries. With DATABASE_URL the same runs on PostgreSQL;
 * with REDIS_URL two replicas share the network's lease and only one follows it.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createScanFixture, type ScanFixture } from '../src/testing/scan-fixture.ts';
import { createMemoryMailer } from '../src/accounts/mailer.ts';
import { createRateLimiter } from '../src/limits/rate-limiter.ts';
import { signedInBrowser, type TestBrowser } from '../src/testing/dashboard-browser.ts';
import { assertMatchesSchema } from '../src/testing/schema-check.ts';
import { storeKinds } from '../src/testing/test-stores.ts';
import { devnetSolanaScanner } from '../src/testing/solana-scan-fixture.ts';
import {
  WatchCreatedSchema,
  WatchDetailSchema,
  WatchListSchema,
  type WatchEvent,
  type WatchEventKind,
} from '../src/interface/schemas/watches.ts';
import { inProcessJsonRpc } from '../src/watch/json-rpc-batch.ts';
import { createWatchRepository } from '../src/watch/watch-repository.ts';
import { createWatchFollowers, type WatchFollowers } from '../src/watch/watch-followers.ts';
import { inProcessLease, redisLease, type FollowerLease } from '../src/watch/follower-lease.ts';
import { verdictSnapshot } from '../src/watch/watch-service.ts';
import type { WatchDeliveries, WatchForDelivery } from '../src/watch/delivery/watch-deliveries.ts';
import { createRedis } from '../src/infra/redis.ts';
import { sampleMint, startSolanaDevnet, MINT_ACTION_METHOD, type SolanaDevnet } from '../src/solana/devnet/solana-devnet.ts';
import type { MintActionResult } from '../src/solana/devnet/mint-actions.ts';

/** Each action, in an order the samples allow (an authority acts before it is revoked), and what it must be reported as. */
const ACTIONS: readonly { symbol: string; action: string; kind: WatchEventKind; words: RegExp; verdict?: RegExp }[] = [
  { symbol: 'SMINT', action: 'mint', kind: 'supply-changed', words: /^supply 1,000,000 → 1,100,000 \(\+10 %\): tokens were minted/ },
  {
    symbol: 'SMINT',
    action: 'revoke-mint-authority',
    kind: 'solana-authority-changed',
    words: /^mint authority \w{4}…\w{4} → none \(revoked\): no more tokens can be minted; the verdict now reads: /,
    verdict: /^(?!.*The mint authority can mint more tokens)/,
  },
  {
    symbol: 'SFEE',
    action: 'raise-fee',
    kind: 'solana-extension-changed',
    words: /^transfer fee 2\.5 % → 10 % \(from epoch \d+\)/,
  },
  {
    symbol: 'SDAS',
    action: 'freeze-by-default',
    kind: 'solana-extension-changed',
    words:
      /^new token accounts start initialized → frozen: a buyer cannot move the tokens until the freeze authority thaws the account; a buy now fails: You cannot buy or sell unless the freeze authority thaws your account/,
    verdict: /^You cannot buy or sell unless the freeze authority thaws your account/,
  },
  {
    symbol: 'SFRZ',
    action: 'set-freeze-authority',
    kind: 'solana-authority-changed',
    words: /^freeze authority \w{4}…\w{4} → \w{4}…\w{4}: another key holds it now/,
  },
  {
    symbol: 'SFRZ',
    action: 'revoke-freeze-authority',
    kind: 'solana-authority-changed',
    words:
      /^freeze authority \w{4}…\w{4} → none \(revoked\): no token account can be frozen any more; the verdict now reads: .*No authority is left: the mint cannot be changed\./,
  },
];

const redisUrl = process.env.REDIS_URL;

for (const kind of storeKinds()) {
  describe(`watches of Solana mints on the embedded network (${kind})`, () => {
    let f: ScanFixture;
    let sol: SolanaDevnet;
    let user: TestBrowser;
    let followers: WatchFollowers;
    let replica: WatchFollowers | undefined;
    let redis: ReturnType<typeof createRedis> | undefined;
    const delivered: { event: WatchEvent; watch: WatchForDelivery; by: string }[] = [];
    const deliveries = (by: string): WatchDeliveries => ({ enqueue: async (event, watch) => void delivered.push({ event, watch, by }) });
    const rpc = (network: string) => (network === 'SOL' ? inProcessJsonRpc((p) => sol.request(p)) : undefined);
    const watchIds = new Map<string, string>();
    const act = async (symbol: string, action: string) => {
      const answer = (await sol.request({ jsonrpc: '2.0', id: 1, method: MINT_ACTION_METHOD, params: [symbol, action] })) as {
        result?: MintActionResult;
        error?: { message: string };
      };
      if (!answer.result) throw new Error(`${symbol} ${action}: ${answer.error?.message}`);
      return answer.result;
    };
    const startFollowers = (by: string, lease: FollowerLease) =>
      createWatchFollowers({
        repository: createWatchRepository(f.store.db),
        rpc,
        deliveries: deliveries(by),
        resimulate: async (watch) => verdictSnapshot(await f.scans.scan({ network: watch.network, address: watch.token, force: true })),
        lease,
      });

    before(async () => {
      sol = await startSolanaDevnet();
      const mailer = createMemoryMailer();
      f = await createScanFixture(
        { solana: devnetSolanaScanner(sol) },
        { RPC_URL_ETH: 'http://127.0.0.1:9/unreachable' },
        ({ scans }) => ({
          mailer,
          accountLimiters: {
            client: createRateLimiter({ pointsPerWindow: 1000, keyPrefix: 'c' }),
            account: createRateLimiter({ pointsPerWindow: 100, keyPrefix: 'a' }),
            mail: createRateLimiter({ pointsPerWindow: 100, keyPrefix: 'm' }),
          },
          watches: {
            scans,
            rpc,
            maxWatchesPerAccount: 8,
            webhooks: { allowPrivateAddresses: false, resolve: async (host) => ({ 'hooks.example.org': ['93.184.216.34'] })[host] ?? [] },
            onChange: (network) => followers?.notify(network),
          },
        }),
        kind,
      );
      if (redisUrl) {
        // Two replicas of the service: one lease for SOL between them.
        redis = createRedis(redisUrl, { enableOfflineQueue: true });
        const prefix = `sw-test-${randomBytes(4).toString('hex')}`;
        followers = startFollowers('a', redisLease({ redis, holder: 'a', prefix }));
        replica = startFollowers('b', redisLease({ redis, holder: 'b', prefix }));
      } else followers = startFollowers('a', inProcessLease);
      user = await signedInBrowser(f.app, mailer, 'solana-watcher@example.org');
    });
    after(async () => {
      await followers.close();
      await replica?.close();
      redis?.disconnect();
      await f.close();
      await sol.close();
    });

    it('refuses what is not a mint on SOL, each with its reason', async () => {
      const cases: [string, RegExp][] = [
        // A wallet holding the samples (a System account), and an address with no account.
        [sol.holders[0]!, /not a token on SOL: .*not a token program/],
        ['9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin', /not a token on SOL: no account at this address/],
      ];
      for (const [token, message] of cases) {
        const refused = await user.call('POST', '/api/watches', { json: { token, network: 'SOL' } });
        assert.equal(refused.statusCode, 400, refused.body);
        assert.equal(refused.json().field, 'token');
        assert.match(refused.json().message, message);
      }
      const notBase58 = await user.call('POST', '/api/watches', { json: { token: '0OIl', network: 'SOL' } });
      assert.equal(notBase58.statusCode, 400, notBase58.body);
      assert.equal((await user.call('GET', '/api/watches')).json().watches.length, 0, 'nothing was made');
    });

    it('watches sample mints: the baseline from the scan and a read at the current slot, listed like EVM watches', async () => {
      for (const symbol of new Set(ACTIONS.map((a) => a.symbol))) {
        const mint = sol.mints.find((m) => m.symbol === symbol)!;
        const created = await user.call('POST', '/api/watches', {
          json: { token: mint.address, network: 'SOL', deliver: { webhookUrl: 'https://hooks.example.org/scopeward' } },
        });
        assert.equal(created.statusCode, 201, `${symbol}: ${created.body}`);
        const body = created.json();
        assertMatchesSchema(WatchCreatedSchema, body);
        assert.equal(body.watch.token, mint.address, 'base58 keeps its case');
        assert.equal(body.watch.chain, 'solana');
        assert.equal(body.watch.lastCheckedBlock, sol.slot());
        assert.ok(body.watch.verdict, `${symbol}: the verdict headline is the baseline`);
        // Mint and freeze authorities, supply, and one value per extension.
        assert.equal(body.watch.watched.values, mint.program === 'token' ? 3 : 4, JSON.stringify(body.watch.watched));
        watchIds.set(symbol, body.watch.id);
      }
      const again = await user.call('POST', '/api/watches', {
        json: { token: sampleMint(sol, 'sol-transfer-fee').address, network: 'SOL' },
      });
      assert.equal(again.statusCode, 409, again.body);
      const list = (await user.call('GET', '/api/watches')).json();
      assertMatchesSchema(WatchListSchema, list);
      assert.deepEqual(
        list.watches.map((w: { chain: string; network: string }) => `${w.chain} ${w.network}`),
        Array(4).fill('solana SOL'),
      );
    });

    it('each authority action is reported once, with its transaction, slot and the verdict it leaves', async () => {
      await followers.round(); // the follower finds its place
      await replica?.round();
      for (const { symbol, action, kind: eventKind, words, verdict } of ACTIONS) {
        const seen = delivered.length;
        const done = await act(symbol, action);
        await followers.round();
        await replica?.round();
        const events = delivered.slice(seen);
        assert.equal(events.length, 1, `${symbol} ${action}: ${JSON.stringify(events.map((d) => d.event))}`);
        const { event, watch, by } = events[0]!;
        assert.equal(by, 'a', 'only the lease holder follows SOL');
        assert.equal(event.watchId, watchIds.get(symbol));
        assert.equal(event.kind, eventKind, `${symbol} ${action}`);
        assert.match(event.summary, words, `${symbol} ${action}`);
        if (verdict) assert.match(event.verdictAfter ?? '', verdict, `${symbol} ${action}`);
        assert.equal(event.blockNumber, done.blockNumber);
        assert.equal(event.transactionHash, done.transactionHash, `${symbol} ${action}: the authority's transaction`);
        assert.match(event.blockHash, /^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
        assert.equal(watch.webhookUrl, 'https://hooks.example.org/scopeward');
        assert.ok(watch.webhookSecret);
        // The next slot says nothing more.
        sol.advance();
        await followers.round();
        assert.equal(delivered.length, seen + 1, `${symbol} ${action}: reported once`);
      }
      const smint = (await user.call('GET', `/api/watches/${watchIds.get('SMINT')}`)).json();
      assertMatchesSchema(WatchDetailSchema, smint);
      assert.deepEqual(smint.events.map((e: WatchEvent) => e.kind).sort(), ['solana-authority-changed', 'supply-changed']);
      assert.equal(smint.watch.lastCheckedBlock, sol.slot(), 'the cursor is in the store');
      assert.doesNotMatch(smint.watch.verdict, /The mint authority can mint more tokens/, 'the watch keeps the verdict after the change');
    });
  });
}
