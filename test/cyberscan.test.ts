/**
 * Operation 3 end to end on the devnet: every sample token's scan validates against the
 * spec's shape and shows its known truth; every error path answers as decided.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Ajv } from 'ajv';
import { ScanResultSchema, type ScanResult } from '../src/interface/schemas/audit-layout.ts';
import { createScanFixture, type ScanFixture } from '../src/testing/scan-fixture.ts';
import { createApiKey } from '../src/keys/api-key-repository.ts';
import type { SampleToken } from '../src/devnet/devnet.ts';

const validate = new Ajv({ strict: false, allErrors: true }).compile(ScanResultSchema);

describe('POST /api/cyberscan on the devnet', () => {
  let f: ScanFixture;
  let key: string;
  const results = new Map<SampleToken['behaviour'], ScanResult>();
  before(async () => {
    f = await createScanFixture({}, { RPC_URL_ETH: 'http://127.0.0.1:9/unreachable', RPC_URL_SOL: 'http://127.0.0.1:9/unreachable' });
    key = (await createApiKey(f.store.db, { name: 'test' })).key;
  });
  after(() => f.close());

  const scan = (body: unknown, headers: Record<string, string> = { 'x-api-key': key }) =>
    f.app.inject({ method: 'POST', url: '/api/cyberscan', headers, payload: body as object });

  it('answers every sample token with a result of exactly the spec shape', async () => {
    for (const token of f.devnet.tokens) {
      const res = await scan({ address: token.address, network: 'LOCAL' });
      assert.equal(res.statusCode, 200, `${token.behaviour}: ${res.body.slice(0, 200)}`);
      const body = res.json() as ScanResult;
      assert.ok(validate(body), `${token.behaviour}: ${JSON.stringify(validate.errors?.slice(0, 5))}`);
      assert.equal(body.auditResource, null);
      assert.equal(body.auditLayout.contract.address.toLowerCase(), token.address.toLowerCase());
      assert.equal(body.auditLayout.contract.symbol, token.symbol);
      results.set(token.behaviour, body);
    }
  });

  it('shows each token’s known truth', () => {
    const get = (b: SampleToken['behaviour']) => results.get(b)!.auditLayout;
    assert.ok(get('mint').smartAudit.mint.length > 0, 'owner mint found');
    assert.equal(get('plain').smartAudit.mint.length, 0, 'plain token has no mint');
    assert.ok(get('blacklist').smartAudit.blacklist.length > 0, 'blacklist found');
    assert.ok(get('fee').smartAudit.setFees.length > 0, 'fee setter found');
    assert.equal(get('renounced').contract.renounced, true);
    assert.equal(get('plain').contract.renounced, false);
    assert.equal(get('proxy').contract.proxy, true);
    assert.equal(get('proxy').addressDescriptors.length, 2, 'the implementation is named');
    assert.equal(get('unverified').contract.unverified, true);
    assert.equal(get('plain').contract.unverified, false);
    for (const { auditLayout: layout } of results.values()) {
      assert.ok(layout.pools.pairs.length >= 1, `${layout.contract.symbol} has a pool`);
      assert.ok(layout.price > 0);
      assert.ok(layout.topHolders.total > 0);
      assert.ok(layout.tokenCreation.txHash.startsWith('0x'));
      assert.equal(layout.totalScoresHistory.length > 0 || layout.rawTotalScore === null, true);
    }
    // The simulated trades: the honeypot cannot be sold, the plain token costs nothing.
    assert.equal(get('honeypot').taxes.error, 'SELL_FAILED');
    assert.deepEqual(
      [get('plain').taxes.buyTax, get('plain').taxes.sellTax, get('plain').taxes.transferTax, get('plain').taxes.error],
      [0, 0, 0, ''],
    );
    assert.ok(get('plain').taxes.buyGas > 0 && get('plain').taxes.sellGas > 0);
    assert.equal(get('fee').taxes.error, '');
    assert.ok(Math.abs(get('fee').taxes.transferTax! - 5) < 0.01, `fee token transfer tax ${get('fee').taxes.transferTax}`);
    assert.ok(get('honeypot').totalScore < 25, 'a honeypot ranks lowest');
    // Scores move with what the code can do: a blacklist costs more than nothing.
    assert.ok(get('blacklist').securityScore < get('plain').securityScore);
    assert.ok(get('mint').securityScore < get('plain').securityScore);
    // One account can mint without limit or stop sells: never above C, and meta says who holds the power.
    for (const b of ['mint', 'blacklist', 'unverified'] as const) assert.ok(['C', 'D'].includes(get(b).rank), `${b} ranks ${get(b).rank}`);
    const mintPower = results.get('mint')!.meta.powers?.find((p) => p.power === 'mint');
    assert.equal(mintPower?.holder.kind, 'eoa', JSON.stringify(results.get('mint')!.meta.powers));
    assert.ok(
      results.get('honeypot')!.meta.powers?.some((p) => p.power === 'sell-block' && p.detectors.includes('simulation:SELL_FAILED')),
    );
    assert.deepEqual(
      results
        .get('renounced')!
        .meta.powers?.map((p) => p.holder.kind)
        .filter((k) => k !== 'nobody'),
      [],
    );
  });

  it('leads with a verdict: can one buy and sell, what the owner was shown able to do, GoPlus risks in order (issue 29)', () => {
    const verdict = (b: SampleToken['behaviour']) => results.get(b)!.meta.verdict!;
    for (const b of ['plain', 'fee', 'honeypot', 'blacklist', 'mint', 'renounced', 'proxy', 'unverified'] as const) {
      const v = verdict(b);
      assert.ok(v, `${b} has a verdict`);
      assert.equal(v.risks.length, 16, `${b}: GoPlus's 16 categories`);
      assert.equal(v.risks[0]!.id, 'honeypot');
    }
    assert.equal(verdict('plain').canBuy, 'yes');
    assert.equal(verdict('plain').canSell, 'yes');
    assert.match(verdict('plain').summary, /^You can sell now/);
    assert.ok(
      verdict('plain').risks.every((r) => r.answer !== 'yes' || r.id === 'external-invocation'),
      JSON.stringify(verdict('plain').risks),
    );
    assert.equal(verdict('honeypot').canSell, 'no');
    assert.match(verdict('honeypot').summary, /^You cannot sell/);
    assert.equal(verdict('honeypot').risks[0]!.answer, 'yes');
    assert.ok(verdict('honeypot').risks[0]!.evidence.some((e) => e.kind === 'simulation' && e.step === 'sell'));
    // A blacklist token sells now; the checklist says who can stop it, with the lines.
    const blacklist = verdict('blacklist');
    assert.equal(blacklist.canSell, 'yes');
    const listed = blacklist.risks.find((r) => r.id === 'blacklist')!;
    assert.equal(listed.answer, 'yes');
    assert.ok(
      listed.evidence.some((e) => e.kind === 'finding' && (e.lines?.length ?? 0) > 0),
      JSON.stringify(listed),
    );
    assert.equal(verdict('mint').risks.find((r) => r.id === 'mintable')!.answer, 'yes');
    assert.ok(verdict('mint').powerHolders.some((p) => p.power === 'mint' && p.holder === 'eoa'));
    // Unverified: nothing found is unknown, never clean.
    assert.ok(verdict('unverified').risks.some((r) => r.answer === 'unknown' && /not verified/.test(r.reason ?? '')));
    assert.ok(verdict('unverified').risks.every((r) => r.answer !== 'no'));
  });

  it('reads what an unverified token can do from its bytecode', () => {
    const unverified = results.get('unverified')!;
    assert.equal(unverified.meta.sources.bytecode?.status, 'ok', JSON.stringify(unverified.meta.sources.bytecode));
    const detectors = unverified.meta.findings.map((x) => (x as { detector: string }).detector);
    assert.ok(detectors.includes('bytecode-mint'), detectors.join(', '));
    // setBots(address[],bool) is named by the seed signatures, not by any verified source.
    assert.ok(detectors.includes('bytecode-blacklist'), detectors.join(', '));
    // The bytecode analysis names the powers; the exploration of the selector table (issue 27) proves them by calling them.
    assert.ok(unverified.meta.findings.every((x) => ['bytecode', 'simulation'].includes((x as { origin: string }).origin)));
    assert.ok(detectors.includes('exploration-sell-blocked'), detectors.join(', '));
    assert.ok(detectors.includes('exploration-minted'), detectors.join(', '));
    assert.ok(unverified.auditLayout.securityScore < results.get('plain')!.auditLayout.securityScore);
  });

  it('shows an unverified token’s mint and blacklist in smartAudit, and says which keys are unknown', () => {
    const { auditLayout, meta } = results.get('unverified')!;
    assert.ok(auditLayout.smartAudit.mint.length > 0, JSON.stringify(auditLayout.smartAudit));
    assert.ok(auditLayout.smartAudit.blacklist.length > 0, JSON.stringify(auditLayout.smartAudit));
    for (const range of [...auditLayout.smartAudit.mint, ...auditLayout.smartAudit.blacklist]) {
      assert.deepEqual(range.range, [0, 0], 'bytecode has no lines');
      assert.match(range.file, /^bytecode:0x[0-9a-f]{8} \w+\(/);
    }
    assert.equal(meta.unknown?.['smartAudit.mint'], undefined, 'found, so known');
    assert.match(meta.unknown?.['smartAudit.whitelist'] ?? '', /not verified/);
    assert.match(meta.unknown?.['smartAudit.reflections'] ?? '', /not verified/);
    assert.deepEqual(results.get('plain')!.meta.unknown, {}, 'a verified source decides every key');
  });

  it('writes every factor text from the facts it describes', () => {
    for (const [behaviour, { auditLayout, meta }] of results) {
      const base = (score: string) => meta.scoreFactors.find((x) => x.score === score && x.factor === 'base')?.detail ?? '';
      if (auditLayout.pools.pairs.some((p) => p.worth > 0)) assert.doesNotMatch(base('market'), /no liquidity/, behaviour);
      if (meta.scoreFactors.some((x) => x.score === 'security' && x.effect < 0))
        assert.doesNotMatch(base('security'), /no (known )?risk/, behaviour);
    }
  });

  it('compares verified sources with the reference corpus', () => {
    const meta = results.get('plain')!.meta;
    assert.equal(meta.sources.similarity?.status, 'ok', JSON.stringify(meta.sources.similarity));
  });

  it('explains in meta which sources answered and what moved the scores', () => {
    const meta = results.get('blacklist')!.meta;
    assert.equal(meta.sources.chain?.status, 'ok');
    assert.equal(meta.sources.analysis?.status, 'ok');
    // Issue 19: the devnet's 90 days of trading give a day of volume and a lower price than 30 and 60 days ago.
    assert.equal(meta.sources.marketHistory?.status, 'ok', meta.sources.marketHistory?.reason);
    for (const { auditLayout: layout } of results.values()) {
      assert.ok(layout.tradingVolume > 0, `${layout.contract.symbol} volume ${layout.tradingVolume}`);
      assert.ok(layout.price30 < 0 && layout.price60 < 0, `${layout.contract.symbol} ${layout.price30} ${layout.price60}`);
    }
    assert.equal(meta.sources.telegram?.status, 'unavailable');
    assert.equal(meta.sources.telegram?.reason, 'not configured');
    assert.ok(meta.scoreFactors.some((x) => x.score === 'security' && x.effect < 0 && /blacklist/i.test(x.factor + x.detail)));
  });

  it('proves owner powers of an address scan by calling them (issue 27): the exploration in meta and its findings', () => {
    const body = results.get('blacklist')!;
    const exploration = (body.meta.simulation as { exploration?: { effects: { sellRestriction: boolean; evidence: string }[] } })
      .exploration;
    assert.ok(
      exploration?.effects.some((e) => e.sellRestriction && /blacklist\(holder, true\)/.test(e.evidence)),
      JSON.stringify(exploration),
    );
    const detectors = JSON.stringify(body);
    assert.match(detectors, /exploration-sell-blocked/);
    const plain = results.get('plain')!.meta.simulation as { exploration?: { effects: { sellRestriction: boolean }[] } };
    assert.equal(plain.exploration?.effects.filter((e) => e.sellRestriction).length, 0);
  });

  it('serves a repeat request from the stored snapshot', async () => {
    const token = f.devnet.tokens[0]!;
    const res = await scan({ address: token.address.toLowerCase(), chainId: 31337 });
    assert.equal(res.statusCode, 200);
    const body = res.json() as ScanResult;
    assert.equal(body.meta.cached, true);
    assert.equal(body.meta.snapshotAt, results.get(token.behaviour)!.meta.snapshotAt);
    // Its percentiles are ranked in today's population, not frozen when it was the only token scanned.
    const first = results.get(token.behaviour)!;
    assert.equal(first.auditLayout.securityScorePercentile, 50, 'alone, the first token scanned sits in the middle');
    assert.ok(body.meta.percentilesAt! > first.meta.percentilesAt!, `${body.meta.percentilesAt} after ${first.meta.percentilesAt}`);
    assert.notEqual(body.auditLayout.securityScorePercentile, 50);
  });

  it('runs one scan for many concurrent identical requests', async () => {
    const token = f.devnet.tokens.find((t) => t.behaviour === 'fee')!;
    const many = await Promise.all(
      Array.from({ length: 20 }, () => f.scans.scan({ network: 'LOCAL', address: token.address, force: true })),
    );
    assert.equal(new Set(many.map((r) => r.meta.snapshotAt)).size, 1);
  });

  it('answers a Solana token whose node cannot be reached with tokenProgram.error and says why (test/cyberscan-solana.test.ts covers SOL)', async () => {
    const res = await scan({ address: 'So11111111111111111111111111111111111111112', network: 'SOL' });
    assert.equal(res.statusCode, 200);
    const body = res.json() as ScanResult;
    assert.ok(validate(body), JSON.stringify(validate.errors?.slice(0, 3)));
    assert.equal(body.auditLayout.tokenProgram?.error, 'RPC_UNAVAILABLE');
    assert.equal(body.auditLayout.tokenProgram?.isWrappedSol, true);
    assert.equal(body.meta.sources.solana?.status, 'failed');
  });

  const invalid: Array<[string, unknown, string]> = [
    ['an account without code', { address: '0x000000000000000000000000000000000000dEaD', network: 'LOCAL' }, 'Invalid Address'],
    ['a contract that is not a token', { address: '0xcA11bde05977b3631167028862bE2a173976CA11', network: 'LOCAL' }, 'Invalid Address'],
    ['a missing address', { network: 'LOCAL' }, 'Invalid Address'],
    ['a malformed address', { address: '0x1234', network: 'LOCAL' }, 'Invalid Address'],
    ['an address of the wrong family', { address: 'So11111111111111111111111111111111111111112', network: 'LOCAL' }, 'Invalid Address'],
    ['an EVM address on Solana', { address: '0x000000000000000000000000000000000000dEaD', network: 'SOL' }, 'Invalid Address'],
    ['an unknown network', { address: '0x000000000000000000000000000000000000dEaD', network: 'MOON' }, 'Invalid Network'],
    [
      'a network only the score operation lists',
      { address: '0x000000000000000000000000000000000000dEaD', network: 'SEPOLIA' },
      'Invalid Network',
    ],
    ['a chainId as text', { address: '0x000000000000000000000000000000000000dEaD', chainId: '56' }, 'Invalid Network'],
    ['an unknown chainId', { address: '0x000000000000000000000000000000000000dEaD', chainId: 12345 }, 'Invalid Network'],
    [
      'network and chainId that disagree',
      { address: '0x000000000000000000000000000000000000dEaD', network: 'ETH', chainId: 56 },
      'Invalid Network',
    ],
    ['a body that is an array', [1, 2], 'Invalid Address'],
  ];
  for (const [what, body, message] of invalid) {
    it(`answers 400 ${message} for ${what}`, async () => {
      const res = await scan(body);
      assert.equal(res.statusCode, 400, res.body);
      assert.deepEqual(res.json(), { message });
    });
  }

  it('refuses malformed JSON, other content types and huge bodies with a 4xx and a message', async () => {
    const bad = await f.app.inject({
      method: 'POST',
      url: '/api/cyberscan',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      payload: '{"address": ',
    });
    assert.equal(bad.statusCode, 400);
    assert.deepEqual(bad.json(), { message: 'Bad Request' });
    const xml = await f.app.inject({
      method: 'POST',
      url: '/api/cyberscan',
      headers: { 'content-type': 'application/xml', 'x-api-key': key },
      payload: '<address/>',
    });
    assert.equal(xml.statusCode, 415);
    assert.deepEqual(xml.json(), { message: 'Unsupported Media Type' });
    // Plain text is read as a body without an address.
    const text = await f.app.inject({
      method: 'POST',
      url: '/api/cyberscan',
      headers: { 'content-type': 'text/plain', 'x-api-key': key },
      payload: 'address=0x',
    });
    assert.deepEqual([text.statusCode, text.json()], [400, { message: 'Invalid Address' }]);
    const huge = await f.app.inject({
      method: 'POST',
      url: '/api/cyberscan',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      payload: JSON.stringify({ address: 'x'.repeat(2 * 1024 * 1024) }),
    });
    assert.equal(huge.statusCode, 413);
    assert.deepEqual(huge.json(), { message: 'Payload Too Large' });
  });

  it('answers 503 when the network’s node cannot be reached, without internals', async () => {
    const res = await scan({ address: '0x000000000000000000000000000000000000dEaD', network: 'ETH' });
    assert.equal(res.statusCode, 503);
    const body = res.json();
    assert.equal(body.message, 'Network unavailable');
    // meta names the failing source and why, without a stack trace.
    assert.equal(body.meta.source, 'chain');
    assert.match(body.meta.reason, /ETH/);
    assert.doesNotMatch(body.meta.reason, /\n\s+at /);
    assert.equal(res.headers['retry-after'], '30');
  });

  it('refuses an invalid key with 403 and limits keyless callers to 5 a minute', async () => {
    const forbidden = await scan({ address: '0x000000000000000000000000000000000000dEaD' }, { 'x-api-key': 'nope' });
    assert.equal(forbidden.statusCode, 403);
    assert.deepEqual(forbidden.json(), { message: 'Invalid API_KEY' });
    const token = f.devnet.tokens[0]!;
    for (let i = 0; i < 5; i++) assert.equal((await scan({ address: token.address, network: 'LOCAL' }, {})).statusCode, 200);
    const limited = await scan({ address: token.address, network: 'LOCAL' }, {});
    assert.equal(limited.statusCode, 429);
    assert.deepEqual(limited.json(), { message: 'Too Many Requests' });
  });
});
