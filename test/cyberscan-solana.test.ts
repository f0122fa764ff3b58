/**
 * Operation 3 with network SOL end to end: the embedded Solana network served over real
 * HTTP JSON-RPC, the real scan service and app. Every sample mint's answer has exactly the
 * spec's shape and its known codes; bad addresses and failing nodes answer as decided.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Ajv } from 'ajv';
import { ScanResultSchema, type ScanResult } from '../src/interface/schemas/audit-layout.ts';
import { startSolanaDevnet, sampleMint, type SolanaDevnet } from '../src/solana/devnet/solana-devnet.ts';
import { serveDevnet, type DevnetServer } from '../src/devnet/serve-devnet.ts';
import { createSolanaScanner } from '../src/solana/create-solana-scanner.ts';
import { createScanService, type ScanService } from '../src/scan/scan-service.ts';
import { createAuditLookup } from '../src/audits/audit-repository.ts';
import { createTestApp, type TestApp } from '../src/testing/test-app.ts';
import { createApiKey } from '../src/keys/api-key-repository.ts';
import { solanaRpcRoutes } from '../src/api/routes/solana-rpc.ts';

const validate = new Ajv({ strict: false, allErrors: true }).compile(ScanResultSchema);

describe('POST /api/cyberscan with network SOL', () => {
  let solana: SolanaDevnet;
  let server: DevnetServer;
  let scans: ScanService;
  let t: TestApp;
  let key: string;
  before(async () => {
    solana = await startSolanaDevnet();
    server = await serveDevnet(solana, { port: 0 });
    t = await createTestApp({ plugins: [async (app) => app.register(solanaRpcRoutes, { request: (p) => solana.request(p) })] });
    scans = createScanService({
      store: t.store,
      findAudit: createAuditLookup(t.store),
      chainClient: () => {
        throw new Error('no EVM chain in this test');
      },
      sourceProviders: () => [],
      freshnessMs: 60_000,
      // Anything the embedded network does not hold goes to a node that refuses connections.
      solana: createSolanaScanner({
        env: { RPC_URL_SOL: 'http://127.0.0.1:9/' },
        embedded: { holds: (a) => solana.holds(a), url: () => server.url },
        timeoutMs: 5_000,
      }),
    });
    await t.app.close();
    t = await createTestApp({ scans, plugins: [async (app) => app.register(solanaRpcRoutes, { request: (p) => solana.request(p) })] });
    key = (await createApiKey(t.store.db, { name: 'test' })).key;
  });
  after(async () => {
    await scans.close();
    await t.close();
    await server.close();
    await solana.close();
  });

  const scan = (address: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/cyberscan', headers: { 'x-api-key': key }, payload: { address, network: 'SOL' } });

  it('answers every sample mint with the spec shape, its finding codes and its holders', async () => {
    for (const mint of solana.mints) {
      const res = await scan(mint.address);
      assert.equal(res.statusCode, 200, `${mint.behaviour}: ${res.body.slice(0, 300)}`);
      const body = res.json() as ScanResult;
      assert.ok(validate(body), `${mint.behaviour}: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
      const program = body.auditLayout.tokenProgram!;
      assert.equal(program.error, '');
      assert.deepEqual(program.findingCodes, [...mint.codes], mint.behaviour);
      assert.equal(program.address, mint.address);
      assert.equal(program.name, mint.name);
      assert.equal(program.totalSupply, 1_000_000);
      assert.equal(body.auditLayout.contract.totalSupply, 1_000_000);
      assert.equal(body.auditLayout.topHolders.total, 3);
      assert.deepEqual(body.auditLayout.topHolders.addresses, solana.holders);
      assert.equal(body.auditLayout.addressDetails[solana.holders[0]!]?.balance, 600_000);
      // Every code moved the security score, and says so.
      for (const code of mint.codes)
        assert.ok(
          body.meta.scoreFactors.some((f) => f.factor === `finding:solana:${code}`),
          `${mint.behaviour}: ${code} not in scoreFactors`,
        );
      assert.equal(body.meta.sources.simulation?.status, 'unavailable');
      assert.deepEqual(body.auditLayout.taxes.buyTax, null);
    }
  });

  it("carries the extensions' values through the HTTP serialization", async () => {
    const delegated = (await scan(sampleMint(solana, 'sol-permanent-delegate').address)).json() as ScanResult;
    assert.deepEqual(delegated.auditLayout.tokenProgram?.extensions.permanentDelegate, { delegate: solana.authority });
    const fee = (await scan(sampleMint(solana, 'sol-transfer-fee').address)).json() as ScanResult;
    const config = fee.auditLayout.tokenProgram?.extensions.transferFeeConfig;
    assert.equal(config?.transferFeeConfigAuthority, solana.authority);
    assert.deepEqual(config?.newerTransferFee, { epoch: 0, maximumFee: '1000000000', transferFeeBasisPoints: 250 });
    const onMint = (await scan(sampleMint(solana, 'sol-token-metadata').address)).json() as ScanResult;
    assert.equal(onMint.auditLayout.tokenProgram?.extensions.tokenMetadata?.uri, 'https://example.org/stmm.json');
    assert.deepEqual(onMint.auditLayout.tokenProgram?.extensions.nonTransferable, null);
    const soulbound = (await scan(sampleMint(solana, 'sol-non-transferable').address)).json() as ScanResult;
    assert.deepEqual(soulbound.auditLayout.tokenProgram?.extensions.nonTransferable, {});
    assert.deepEqual(soulbound.auditLayout.tokenProgram?.creators, [{ address: solana.authority, verified: true, share: 100 }]);
  });

  it('scores a mint with a permanent delegate below the plain mint', async () => {
    const plain = (await scan(sampleMint(solana, 'sol-plain').address)).json() as ScanResult;
    const delegated = (await scan(sampleMint(solana, 'sol-permanent-delegate').address)).json() as ScanResult;
    assert.ok(
      plain.auditLayout.securityScore > delegated.auditLayout.securityScore,
      `${plain.auditLayout.securityScore} vs ${delegated.auditLayout.securityScore}`,
    );
    assert.ok(plain.auditLayout.totalScore > delegated.auditLayout.totalScore);
  });

  it('answers a wallet and a program with tokenProgram.error NOT_A_MINT and a reason in meta', async () => {
    for (const address of [solana.holders[1]!, 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA']) {
      const res = await scan(address);
      assert.equal(res.statusCode, 200, res.body);
      const body = res.json() as ScanResult;
      assert.ok(validate(body), JSON.stringify(validate.errors?.slice(0, 3)));
      assert.equal(body.auditLayout.tokenProgram?.error, 'NOT_A_MINT');
      assert.deepEqual(body.auditLayout.tokenProgram?.findingCodes, []);
      assert.match(body.meta.sources.solana?.reason ?? '', /^NOT_A_MINT: /);
    }
  });

  it('answers RPC_UNAVAILABLE, not a 500, when the node cannot be reached', async () => {
    const res = await scan('4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T');
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json() as ScanResult;
    assert.equal(body.auditLayout.tokenProgram?.error, 'RPC_UNAVAILABLE');
    assert.equal(body.meta.sources.solana?.status, 'failed');
    // Not stored: the next request tries the node again.
    assert.equal(await scans.stored('SOL', '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T'), undefined);
  });

  it('refuses what is not a 32-byte base58 public key with Invalid Address', async () => {
    for (const address of [
      '0x97035c149c7DD28664096E0c3f3176A0a6b297A7',
      '1111111111111111111111111111111',
      '9kvVv27j6jfdpdurUSC47mnS59n6KYTcFY3oQDHdNJfk1',
      'O0vVv27j6jfdpdurUSC47mnS59n6KYTcFY3oQDHdNJfk',
      '',
      42,
    ]) {
      const res = await scan(address);
      assert.equal(res.statusCode, 400, String(address));
      assert.deepEqual(res.json(), { message: 'Invalid Address' });
    }
  });

  it('serves the Solana JSON-RPC the reader uses on POST /rpc/solana', async () => {
    const mint = sampleMint(solana, 'sol-transfer-fee').address;
    const res = await t.app.inject({
      method: 'POST',
      url: '/rpc/solana',
      payload: { jsonrpc: '2.0', id: 7, method: 'getAccountInfo', params: [mint, { encoding: 'base64' }] },
    });
    assert.equal(res.statusCode, 200);
    const body = res.json() as { id: number; result: { value: { owner: string } } };
    assert.equal(body.id, 7);
    assert.equal(body.result.value.owner, 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb');
    const unknown = (
      await t.app.inject({ method: 'POST', url: '/rpc/solana', payload: { jsonrpc: '2.0', id: 8, method: 'sendTransaction', params: [] } })
    ).json() as { error: { code: number } };
    assert.equal(unknown.error.code, -32601);
  });
});
