/**
 * Watches end to end on the devnet (issue 32): a signed-in account (session with CSRF, and
 * its API key) watches every sample token; each owner action the token's code allows is
 * done for real (`scopeward_act` over the devnet's JSON-RPC) and the follower, reading the
 * devnet block by block, stores an event saying what changed and what it did to the
 * verdict, and hands it to the deliveries. A reorg (evm_snapshot / evm_revert) retracts the
 * event of the block it undid. With DATABASE_URL set the same runs on PostgreSQL.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createScanFixture, type ScanFixture } from '../src/testing/scan-fixture.ts';
import { createMemoryMailer } from '../src/accounts/mailer.ts';
import { createRateLimiter } from '../src/limits/rate-limiter.ts';
import { signedInBrowser, type TestBrowser } from '../src/testing/dashboard-browser.ts';
import { assertMatchesSchema } from '../src/testing/schema-check.ts';
import { storeKinds } from '../src/testing/test-stores.ts';
import { compileSolidity } from '../src/compile/compile-solidity.ts';
import { analyzeSources } from '../src/analysis/analyze.ts';
import { verifiedSourceLookup } from '../src/scan/scan-dependencies.ts';
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
import { verdictSnapshot } from '../src/watch/watch-service.ts';
import type { WatchDeliveries, WatchForDelivery } from '../src/watch/delivery/watch-deliveries.ts';
import { ACTIONS_BY_BEHAVIOUR, OWNER_ACTION_METHOD, type OwnerAction } from '../src/devnet/owner-actions.ts';
import type { SampleBehaviour } from '../src/devnet/sample-tokens.ts';

/** What each action must be reported as, and words its summary must hold. */
const EXPECTED: Readonly<Record<OwnerAction, { kind: WatchEventKind; words: RegExp }>> = {
  'raise-fee': {
    kind: 'power-variable-changed',
    words: /fee \(feeBps\) 500 → 2500; sell tax 5 % → 25 %; a holder's sell now returns 75 % of its value/,
  },
  blacklist: {
    kind: 'power-variable-changed',
    words:
      /blacklist.*false → true; a buy now fails: You cannot buy|the owner called 0x[0-9a-f]{8} on the token .*; a buy now fails: You cannot buy/,
  },
  whitelist: { kind: 'power-variable-changed', words: /isWhitelisted\[0xff77850745ba0130b36f99a4981f4bfa2535ce33\]\) false → true/i },
  mint: { kind: 'supply-changed', words: /total supply .* → .*: tokens were minted/ },
  renounce: { kind: 'owner-changed', words: /renounced: 0x[0-9a-f]{40} → nobody/ },
  upgrade: { kind: 'implementation-changed', words: /proxy implementation 0x[0-9a-f]{40} → 0x[0-9a-f]{40}: the token's code was replaced/ },
  'pull-liquidity': { kind: 'liquidity-removed', words: /% of the pool's liquidity was removed/ },
};

for (const kind of storeKinds()) {
  describe(`watches on the devnet (${kind})`, () => {
    let f: ScanFixture;
    let user: TestBrowser;
    let followers: WatchFollowers;
    const delivered: { event: WatchEvent; watch: WatchForDelivery }[] = [];
    const deliveries: WatchDeliveries = { enqueue: async (event, watch) => void delivered.push({ event, watch }) };
    const rpc = (payload: unknown) => f.devnet.request(payload);
    const send = async (method: string, params: unknown[] = []) => {
      const answer = (await rpc({ jsonrpc: '2.0', id: 1, method, params })) as { result?: unknown; error?: { message: string } };
      if (answer.error) throw new Error(`${method}: ${answer.error.message}`);
      return answer.result;
    };
    const mine = () => send('evm_mine');
    const watchIds = new Map<SampleBehaviour, string>();
    /** The followers as the server starts them (again after a restart: they keep nothing but what the store holds). */
    const startFollowers = () =>
      createWatchFollowers({
        repository: createWatchRepository(f.store.db),
        rpc: (network) => (network === 'LOCAL' ? inProcessJsonRpc(rpc) : undefined),
        deliveries,
        resimulate: async (watch) => verdictSnapshot(await f.scans.scan({ network: watch.network, address: watch.token, force: true })),
        confirmations: 1,
      });

    before(async () => {
      const mailer = createMemoryMailer();
      f = await createScanFixture(
        {},
        { RPC_URL_ETH: 'http://127.0.0.1:9/unreachable', RPC_URL_SOL: 'http://127.0.0.1:9/unreachable' },
        ({ devnet, scans, deps }) => ({
          mailer,
          accountLimiters: {
            client: createRateLimiter({ pointsPerWindow: 1000, keyPrefix: 'c' }),
            account: createRateLimiter({ pointsPerWindow: 100, keyPrefix: 'a' }),
            mail: createRateLimiter({ pointsPerWindow: 100, keyPrefix: 'm' }),
          },
          watches: {
            scans,
            rpc: (network) => (network === 'LOCAL' ? inProcessJsonRpc((p) => devnet.request(p)) : undefined),
            verifiedSource: verifiedSourceLookup(deps),
            compile: async (sources) => compileSolidity(sources),
            tokenPowers: async (sources, contract) => analyzeSources(sources).tokenPowers.find((p) => p.contract === contract),
            maxWatchesPerAccount: 8,
            // Names resolve through this table (the tests have no DNS): one public host, one private.
            webhooks: {
              allowPrivateAddresses: false,
              resolve: async (host) => ({ 'hooks.example.org': ['93.184.216.34'], 'intranet.example.org': ['10.1.2.3'] })[host] ?? [],
            },
            onChange: (network) => followers?.notify(network),
          },
        }),
        kind,
      );
      followers = startFollowers();
      user = await signedInBrowser(f.app, mailer, 'watcher@example.org');
    });
    after(async () => {
      await followers.close();
      await f.close();
    });

    it('refuses what cannot be watched, each with its reason', async () => {
      const anonymous = await f.app.inject({ method: 'GET', url: '/api/watches' });
      assert.equal(anonymous.statusCode, 401, anonymous.body);
      const badNetwork = await user.call('POST', '/api/watches', { json: { token: f.devnet.tokens[0]!.address, network: 'NOPE' } });
      assert.equal(badNetwork.statusCode, 400, badNetwork.body);
      assert.equal(badNetwork.json().field, 'network');
      // An account with no code, and a contract that is not a token (the router).
      for (const address of [f.devnet.accounts.alice.address, f.devnet.contracts.router]) {
        const notToken = await user.call('POST', '/api/watches', { json: { token: address, network: 'LOCAL' } });
        assert.equal(notToken.statusCode, 400, notToken.body);
        assert.equal(notToken.json().field, 'token');
        assert.match(notToken.json().message, /not a token/);
      }
      // This server has no Solana node (test/solana-watches.test.ts has one): a Solana mint cannot be followed here.
      const solana = await user.call('POST', '/api/watches', {
        json: { token: 'So11111111111111111111111111111111111111112', network: 'SOL' },
      });
      assert.equal(solana.statusCode, 503, solana.body);
      assert.match(solana.json().message, /The SOL network cannot be followed: this server has no JSON-RPC node for it/);
      const badHook = await user.call('POST', '/api/watches', {
        json: { token: f.devnet.tokens[0]!.address, network: 'LOCAL', deliver: { webhookUrl: 'ftp://example.org/x' } },
      });
      assert.equal(badHook.statusCode, 400, badHook.body);
      assert.equal(badHook.json().field, 'deliver.webhookUrl');
      // A webhook to this machine or its network is refused when the watch is made, not at the first delivery.
      for (const webhookUrl of [
        'http://127.0.0.1:8080/hook',
        'http://localhost/hook',
        'http://[::1]/hook',
        'https://intranet.example.org/hook',
      ]) {
        const privateHook = await user.call('POST', '/api/watches', {
          json: { token: f.devnet.tokens[0]!.address, network: 'LOCAL', deliver: { webhookUrl } },
        });
        assert.equal(privateHook.statusCode, 400, `${webhookUrl}: ${privateHook.body}`);
        assert.equal(privateHook.json().field, 'deliver.webhookUrl');
        assert.match(privateHook.json().message, /private or loopback address/);
      }
      const extra = await user.call('POST', '/api/watches', { json: { token: f.devnet.tokens[0]!.address, network: 'LOCAL', extra: 1 } });
      assert.equal(extra.statusCode, 400, extra.body);
      // A session without its CSRF token cannot make a watch.
      const noCsrf = await user.call('POST', '/api/watches', {
        json: { token: f.devnet.tokens[0]!.address, network: 'LOCAL' },
        headers: { 'x-csrf-token': 'wrong' },
      });
      assert.equal(noCsrf.statusCode, 403, noCsrf.body);
      assert.equal((await user.call('GET', '/api/watches')).json().watches.length, 0, 'nothing was made');
    });

    it('watches every sample token: the baseline from the scan, the secret once, the list by session and by API key', async () => {
      for (const token of f.devnet.tokens) {
        const created = await user.call('POST', '/api/watches', {
          json: {
            token: token.address,
            network: 'LOCAL',
            deliver: { webhookUrl: 'https://hooks.example.org/scopeward', email: 'Watcher@Example.org' },
          },
        });
        assert.equal(created.statusCode, 201, `${token.behaviour}: ${created.body}`);
        const body = created.json();
        assertMatchesSchema(WatchCreatedSchema, body);
        assert.equal(body.watch.token, token.address.toLowerCase());
        assert.match(body.secret, /^[\w-]{43}$/);
        assert.equal(body.watch.deliver.email, 'watcher@example.org');
        assert.ok(body.watch.verdict, `${token.behaviour}: the verdict headline is the baseline`);
        assert.ok(body.watch.watched.values >= 5, `${token.behaviour}: ${JSON.stringify(body.watch.watched)}`);
        assert.equal(typeof body.watch.lastCheckedBlock, 'number');
        watchIds.set(token.behaviour, body.watch.id);
      }
      const fee = (await user.call('GET', `/api/watches/${watchIds.get('fee')}`)).json();
      assertMatchesSchema(WatchDetailSchema, fee);
      assert.match(fee.watch.verdict, /sell tax 5 %/);
      assert.equal(fee.watch.watched.note, null, 'a verified token is read whole');
      const unverified = (await user.call('GET', `/api/watches/${watchIds.get('unverified')}`)).json();
      assert.match(unverified.watch.watched.note, /not verified/);

      const again = await user.call('POST', '/api/watches', { json: { token: f.devnet.tokens[0]!.address, network: 'LOCAL' } });
      assert.equal(again.statusCode, 403, again.body);
      assert.equal(again.json().limit, 8);
      assert.match(again.json().message, /already watches 8 tokens/);

      const key = await user.call('POST', '/api/account/keys', { json: { name: 'watch bot' } });
      assert.equal(key.statusCode, 201, key.body);
      const byKey = await f.app.inject({ method: 'GET', url: '/api/watches', headers: { 'x-api-key': key.json().key } });
      assert.equal(byKey.statusCode, 200, byKey.body);
      assertMatchesSchema(WatchListSchema, byKey.json());
      assert.equal(byKey.json().watches.length, 8);
      const other = await f.app.inject({
        method: 'GET',
        url: `/api/watches/${watchIds.get('fee')}`,
        headers: { 'x-api-key': 'sw_not_a_key' },
      });
      assert.equal(other.statusCode, 403, other.body);
    });

    it('each owner action on each token is reported once, with the verdict it leaves', async () => {
      await followers.round(); // the follower starts at the head
      for (const token of f.devnet.tokens) {
        for (const action of ACTIONS_BY_BEHAVIOUR[token.behaviour]) {
          const done = (await send(OWNER_ACTION_METHOD, [token.symbol, action])) as { transactionHash: string; blockNumber: number };
          const seen = delivered.length;
          await followers.round();
          assert.equal(delivered.length, seen, `${token.symbol} ${action}: nothing before the block is confirmed`);
          await mine();
          await followers.round();
          const events = delivered.slice(seen).filter((d) => d.watch.id === watchIds.get(token.behaviour));
          const expected = EXPECTED[action];
          const match = events.find((d) => d.event.kind === expected.kind);
          assert.ok(match, `${token.symbol} ${action}: ${JSON.stringify(delivered.slice(seen).map((d) => d.event))}`);
          assert.match(match.event.summary, expected.words, `${token.symbol} ${action}`);
          assert.equal(match.event.blockNumber, done.blockNumber);
          assert.equal(match.event.transactionHash, done.transactionHash, `${token.symbol} ${action}: the owner's transaction`);
          assert.equal(match.watch.webhookUrl, 'https://hooks.example.org/scopeward');
          assert.ok(match.watch.webhookSecret);
          // The next block says nothing more.
          await mine();
          const quiet = delivered.length;
          await followers.round();
          assert.equal(delivered.length, quiet, `${token.symbol} ${action}: reported once`);
        }
      }
      const fee = (await user.call('GET', `/api/watches/${watchIds.get('fee')}`)).json();
      assertMatchesSchema(WatchDetailSchema, fee);
      assert.match(fee.watch.verdict, /sell tax 25 %/, 'the watch keeps the verdict after the change');
      assert.ok(fee.events.some((e: WatchEvent) => e.verdictBefore?.includes('5 %') && e.verdictAfter?.includes('25 %')));
      const blacklisted = (await user.call('GET', `/api/watches/${watchIds.get('blacklist')}`)).json();
      assert.ok(blacklisted.events.some((e: WatchEvent) => e.verdictAfter?.startsWith('You cannot buy')));
    });

    it('a reorg that undoes the block of an event retracts it, and the value is read again at the fork', async () => {
      const snapshot = await send('evm_snapshot');
      const done = (await send(OWNER_ACTION_METHOD, ['MINT', 'mint'])) as { blockNumber: number };
      await mine();
      const seen = delivered.length;
      await followers.round();
      const minted = delivered.slice(seen).find((d) => d.event.kind === 'supply-changed');
      assert.ok(minted, 'the mint is reported');
      assert.equal(minted.event.blockNumber, done.blockNumber);

      assert.equal(await send('evm_revert', [snapshot]), true);
      // The other chain grows past the old one; the mint is not on it.
      await mine();
      await mine();
      await mine();
      const before = delivered.length;
      await followers.round();
      const retracted = delivered.slice(before).filter((d) => d.event.kind === 'retracted');
      assert.equal(retracted.length, 1, JSON.stringify(delivered.slice(before).map((d) => d.event)));
      assert.equal(retracted[0]!.event.retracts, minted.event.id);
      assert.match(retracted[0]!.event.summary, /^Retracted: a reorganisation of the chain undid block \d+/);
      assert.equal(retracted[0]!.event.before, minted.event.after);
      // The supply at the fork is the baseline again: no new supply event on this chain.
      assert.ok(!delivered.slice(before).some((d) => d.event.kind === 'supply-changed'));
      const detail = (await user.call('GET', `/api/watches/${watchIds.get('mint')}`)).json();
      assertMatchesSchema(WatchDetailSchema, detail);
      assert.ok(detail.events.some((e: WatchEvent) => e.kind === 'retracted' && e.retracts === minted.event.id));
      // Done again on the new chain, it is reported again.
      await send(OWNER_ACTION_METHOD, ['MINT', 'mint']);
      await mine();
      const again = delivered.length;
      await followers.round();
      assert.ok(delivered.slice(again).some((d) => d.event.kind === 'supply-changed'));
    });

    it('a reorg while no follower ran (a restart) is still found: the confirmed block hashes are kept in the store', async () => {
      const snapshot = await send('evm_snapshot');
      await send(OWNER_ACTION_METHOD, ['MINT', 'mint']);
      await mine();
      const seen = delivered.length;
      await followers.round();
      const minted = delivered.slice(seen).find((d) => d.event.kind === 'supply-changed');
      assert.ok(minted, 'the mint is reported');
      // The server stops; the chain reorganises while nothing follows it; the server starts again.
      await followers.close();
      assert.equal(await send('evm_revert', [snapshot]), true);
      await mine();
      await mine();
      await mine();
      followers = startFollowers();
      const before = delivered.length;
      await followers.round(); // a new follower first finds its place
      await followers.round();
      const retracted = delivered.slice(before).filter((d) => d.event.kind === 'retracted');
      assert.equal(retracted.length, 1, JSON.stringify(delivered.slice(before).map((d) => d.event)));
      assert.equal(retracted[0]!.event.retracts, minted.event.id);
    });

    it('a deleted watch is gone from the list and followed no more', async () => {
      const id = watchIds.get('plain')!;
      const removed = await user.call('DELETE', `/api/watches/${id}`);
      assert.equal(removed.statusCode, 204, removed.body);
      assert.equal((await user.call('DELETE', `/api/watches/${id}`)).statusCode, 404);
      assert.equal((await user.call('GET', `/api/watches/${id}`)).statusCode, 404);
      assert.equal((await user.call('GET', '/api/watches')).json().watches.length, 7);
    });
  });
}
