/**
 * Safescan end to end over real components: the devnet's history over JSON-RPC (alice
 * deposited into its mixer, dave withdrew from it, carol never touched it), a second
 * network read from a local server replaying the explorer API, labels in the store.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startDevnet, type Devnet } from '../src/devnet/devnet.ts';
import { serveDevnet, type DevnetServer } from '../src/devnet/serve-devnet.ts';
import { createChainClient } from '../src/chain/create-chain-client.ts';
import { createTestApp, type TestApp } from '../src/testing/test-app.ts';
import { startExplorerReplay, replayRows, type ExplorerReplay } from '../src/testing/explorer-replay.ts';
import { createSafescan } from '../src/safescan/safescan-service.ts';
import { rpcHistoryReader } from '../src/safescan/rpc-history.ts';
import { explorerHistoryReader } from '../src/safescan/explorer-history.ts';
import { createLabelLookup, upsertLabels } from '../src/labels/label-repository.ts';
import { devnetLabels, importSeeds, readSeed } from '../src/labels/seed-labels.ts';
import type { AddressLabel } from '../src/labels/label-record.ts';
import { createRateLimiter } from '../src/limits/rate-limiter.ts';
import type { SafescanResultBody } from '../src/interface/schemas/safescan.ts';

let devnet: Devnet;
let server: DevnetServer;
let replay: ExplorerReplay;
let t: TestApp;
const dataDir = `/tmp/scopeward-safescan-test-${process.pid}`;
let ip = 0;
/** A shipped exchange wallet and bridge (ETH seeds) that carol dealt with on the explorer network. */
let exchange: AddressLabel;
let bridge: AddressLabel;

async function screen(body: unknown, remoteAddress = `10.0.0.${++ip}`) {
  const res = await t.app.inject({ method: 'POST', url: '/api/safescan', payload: body as object, remoteAddress });
  return { status: res.statusCode, body: res.json() as SafescanResultBody & { message?: string; networks?: unknown } };
}

before(async () => {
  devnet = await startDevnet({ dataDir });
  server = await serveDevnet(devnet, { port: 0 });
  const sanctioned = '0x8589427373d6d84e98730d7795d8f6f8731fda16'; // on the shipped OFAC seed
  const onEth = (labels: readonly AddressLabel[]) => labels.find((l) => l.network === 'ETH')!;
  exchange = onEth((await readSeed('exchanges.json')).labels);
  bridge = onEth((await readSeed('bridges.json')).labels);
  const carol = devnet.accounts.carol.address.toLowerCase();
  replay = await startExplorerReplay({
    txlist: {
      [devnet.accounts.bob.address.toLowerCase()]: replayRows(devnet.accounts.bob.address.toLowerCase(), [sanctioned], 4),
      [carol]: replayRows(carol, [exchange.address, bridge.address], 2),
    },
  });
  const local = createChainClient('LOCAL', { rpcUrl: server.url });
  let appRef: TestApp | undefined;
  const safescan = createSafescan({
    networks: [
      {
        symbol: 'LOCAL',
        history: rpcHistoryReader(local, { blocks: 10_000 }),
        isContract: async (a) => ((await local.public.getCode({ address: a as `0x${string}` })) ?? '0x') !== '0x',
      },
      { symbol: 'ETH', history: explorerHistoryReader({ apiKey: 'k', apiUrl: replay.url, network: 'ETH', chainId: 1, retryDelayMs: 0 }) },
    ],
    labels: (network, addresses) => createLabelLookup(appRef!.store)(network, addresses),
    // Generous: the devnet holds 90 days of trading (hundreds of blocks) read over JSON-RPC on a loaded machine.
    timeoutMs: 10_000,
  });
  t = await createTestApp({ safescan, safescanRateLimiter: createRateLimiter({ pointsPerWindow: 10, keyPrefix: 'test-safescan' }) });
  appRef = t;
  await importSeeds(t.store.db);
  await upsertLabels(t.store.db, devnetLabels(devnet.contracts));
});
after(async () => {
  await t.close();
  await replay.close();
  await server.close();
  await devnet.close();
});

describe('POST /api/safescan', () => {
  it('finds alice suspicious on the devnet: her deposit into the mixer, outgoing', async () => {
    const { status, body } = await screen({ address: devnet.accounts.alice.address });
    assert.equal(status, 200);
    const local = body.addressAudit.networks.find((n) => n.network === 'LOCAL')!;
    assert.equal(local.suspicious, true);
    assert.equal(local.blacklisted, false);
    const deposit = local.labeledTx.find((x) => x.annotation.startsWith('mixer'))!;
    assert.equal(deposit.type, 'out');
    assert.equal(deposit.label, 'MixerPool (devnet mixer)');
    const receipt = (await devnet.request({ jsonrpc: '2.0', id: 1, method: 'eth_getTransactionReceipt', params: [deposit.hash] })) as {
      result: { to: string; from: string };
    };
    assert.equal(receipt.result.to.toLowerCase(), devnet.contracts.mixer.toLowerCase());
    assert.equal(receipt.result.from.toLowerCase(), devnet.accounts.alice.address.toLowerCase());
    assert.ok(body.meta.reasons.some((r) => r.kind === 'counterparty' && r.category === 'mixer' && r.hash === deposit.hash));
    assert.ok(local.totalTx >= 2);
    assert.ok(local.seriesTx.reduce((s, p) => s + p.value, 0) >= local.totalTx);
    assert.equal(body.addressAudit.aggregation.suspicious, true);
    assert.equal(body.meta.networks.find((n) => n.network === 'LOCAL')!.status, 'read');
  });

  it('finds dave suspicious for the withdrawal, and carol clean', async () => {
    const dave = await screen({ address: devnet.accounts.dave.address, network: 'local' });
    assert.equal(dave.body.addressAudit.aggregation.suspicious, true);
    assert.deepEqual(
      dave.body.addressAudit.networks.map((n) => n.network),
      ['LOCAL'],
    );
    const carol = await screen({ address: devnet.accounts.carol.address });
    assert.equal(carol.status, 200);
    const local = carol.body.addressAudit.networks.find((n) => n.network === 'LOCAL')!;
    assert.equal(local.suspicious, false);
    assert.equal(local.blacklisted, false);
    assert.ok(local.firstTxDate !== '', 'carol received tokens: she has activity');
    assert.equal(carol.body.addressAudit.aggregation.suspicious, false);
    assert.deepEqual(carol.body.meta.reasons, []);
  });

  it('reads the explorer network too: bob dealt with an OFAC-listed address there', async () => {
    const { body } = await screen({ address: devnet.accounts.bob.address });
    const eth = body.addressAudit.networks.find((n) => n.network === 'ETH')!;
    assert.equal(eth.totalTx, 4);
    assert.equal(eth.suspicious, true);
    assert.equal(eth.labeledTx[0]!.label, 'OFAC SDN list');
    assert.equal(body.meta.networks.find((n) => n.network === 'ETH')!.source, 'explorer');
  });

  it("lists carol's dealings with a shipped exchange wallet and bridge on the explorer network, and keeps her clean", async () => {
    const { body } = await screen({ address: devnet.accounts.carol.address, network: 'ETH' });
    const eth = body.addressAudit.networks.find((n) => n.network === 'ETH')!;
    assert.equal(eth.suspicious, false);
    assert.deepEqual(body.meta.reasons, []);
    assert.deepEqual(
      eth.labeledTx.map((x) => [x.type, x.label, x.annotation]).sort(),
      [
        ['in', bridge.label, `bridge ${bridge.address}`],
        ['out', exchange.label, `exchange ${exchange.address}`],
      ].sort(),
    );
  });

  it('says per network what could not be read (explorer rate limit, hang), and still answers for the rest', async () => {
    replay.mode = 'rate-limit';
    const limited = await screen({ address: devnet.accounts.alice.address });
    assert.equal(limited.status, 200);
    const eth = limited.body.meta.networks.find((n) => n.network === 'ETH')!;
    assert.equal(eth.status, 'failed');
    assert.equal(eth.error, 'rate-limited');
    assert.deepEqual(
      limited.body.addressAudit.networks.map((n) => n.network),
      ['LOCAL'],
    );
    replay.mode = 'hang';
    const only = await screen({ address: devnet.accounts.alice.address, network: 'ETH' });
    assert.equal(only.status, 503);
    assert.equal(only.body.message, 'No network could be read, try again later');
    replay.mode = 'ok';
  });

  it('screens a contract address too, and says so', async () => {
    const { body } = await screen({ address: devnet.contracts.mixer });
    assert.equal(body.meta.networks.find((n) => n.network === 'LOCAL')!.contract, true);
    assert.match(body.meta.notes.join(' '), /contract on LOCAL/);
  });

  it('refuses bad input with a clear message', async () => {
    const lower = devnet.accounts.alice.address.toLowerCase();
    const wrongChecksum = `0x${lower.slice(2, 3).toUpperCase()}${lower.slice(3)}`.replace(/^0xf/, '0xF');
    const cases: Array<[unknown, number, RegExp]> = [
      [{}, 400, /^Address is required$/],
      [{ address: '0x1234' }, 400, /^Invalid Address$/],
      [{ address: 42 }, 400, /^Invalid Address$/],
      [{ address: wrongChecksum.slice(0, 4) + wrongChecksum.slice(4).toUpperCase() }, 400, /checksum/],
      [{ address: lower, network: 'NOPE' }, 400, /^Invalid Network$/],
    ];
    for (const [body, status, message] of cases) {
      const res = await screen(body);
      assert.equal(res.status, status, JSON.stringify(body));
      assert.match(String(res.body.message), message);
    }
  });

  it('allows 10 keyless calls a minute per client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await screen({}, '10.9.9.9')).status);
    assert.deepEqual(statuses, [...Array(10).fill(400), 429]);
  });
});
