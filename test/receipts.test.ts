/**
 * Issue 33 end to end: the devnet's sample tokens and a source file are scanned through the
 * dashboard's API; each scan names its receipt in meta, the receipt downloads (a private
 * source scan's only for its owner), and `scopeward verify` (the real CLI, which replays on
 * a devnet it starts itself) prints "reproduced". One changed byte fails the signature; a
 * key rotation leaves the old receipt verifiable; POST /api/receipts/verify gives the same
 * verdicts.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScanFixture, type ScanFixture } from '../src/testing/scan-fixture.ts';
import { createMemoryMailer } from '../src/accounts/mailer.ts';
import { createRateLimiter } from '../src/limits/rate-limiter.ts';
import { signedInBrowser, type TestBrowser } from '../src/testing/dashboard-browser.ts';
import { multipartBody } from '../src/testing/multipart.ts';
import { runCli } from '../src/testing/run-cli.ts';
import { createReceiptSigner } from '../src/receipts/receipt-keys.ts';
import { createSecretBox } from '../src/codehosts/secret-box.ts';
import { KeysDocumentSchema, VerifyReceiptResponseSchema } from '../src/interface/schemas/receipts.ts';
import { assertMatchesSchema } from '../src/testing/schema-check.ts';

const SECRET_KEY = 'receipts integration secret';
const SOURCE = readFileSync(new URL('../src/simulate/__fixtures__/FeeOnTransfer06.sol', import.meta.url), 'utf8');

interface ReceiptRef {
  id: string | null;
  keyId: string | null;
  calls: number;
  reason: string;
}

describe('receipts of simulated verdicts, verified and replayed', () => {
  let f: ScanFixture;
  let user: TestBrowser;
  let other: TestBrowser;
  const dir = mkdtempSync(join(tmpdir(), 'scopeward-receipts-'));
  const scans = new Map<string, string>();

  before(async () => {
    const mailer = createMemoryMailer();
    f = await createScanFixture(
      {},
      { SECRET_KEY, RPC_URL_ETH: 'http://127.0.0.1:9/unreachable' },
      {
        mailer,
        accountLimiters: {
          client: createRateLimiter({ pointsPerWindow: 1000, keyPrefix: 'c' }),
          account: createRateLimiter({ pointsPerWindow: 100, keyPrefix: 'a' }),
          mail: createRateLimiter({ pointsPerWindow: 100, keyPrefix: 'm' }),
        },
      },
    );
    user = await signedInBrowser(f.app, mailer, 'team@example.org');
    other = await signedInBrowser(f.app, mailer, 'someone@example.org');
    // One scan at a time: five simulations with their explorations at once, beside the rest of
    // the suite on two cores, ran past the scans' time limit in CI.
    for (const behaviour of ['honeypot', 'fee', 'blacklist', 'mint']) {
      const token = f.devnet.tokens.find((t) => t.behaviour === behaviour)!;
      const created = await user.call('POST', '/api/scans', { json: { kind: 'address', network: 'LOCAL', address: token.address } });
      assert.equal(created.statusCode, 202, created.body);
      scans.set(behaviour, (created.json() as { scan: { id: string } }).scan.id);
      await f.app.dashboardScansIdle();
    }
    const { payload, headers } = multipartBody([{ name: 'files', filename: 'FeeOnTransfer06.sol', data: SOURCE }]);
    const source = await user.call('POST', '/api/scans', { payload, headers });
    assert.equal(source.statusCode, 202, source.body);
    scans.set('source', (source.json() as { scan: { id: string } }).scan.id);
    await f.app.dashboardScansIdle();
  });
  after(() => f.close());

  const keysFile = async (name: string) => {
    const response = await f.app.inject({ method: 'GET', url: '/.well-known/scopeward-keys.json' });
    assert.equal(response.statusCode, 200);
    assertMatchesSchema(KeysDocumentSchema, response.json());
    const file = join(dir, name);
    writeFileSync(file, response.body);
    return { file, keys: (response.json() as { keys: { keyId: string; retiredAt: string | null }[] }).keys };
  };

  const download = async (name: string, who: TestBrowser = user) => {
    const id = scans.get(name)!;
    const detail = (await who.call('GET', `/api/scans/${id}`)).json() as {
      scan: { status: string; error: { message: string } | null };
      result: { meta: { simulation?: { receipt?: ReceiptRef } } };
    };
    assert.equal(detail.scan.status, 'done', `${name}: ${detail.scan.error?.message ?? ''}`);
    const ref = detail.result.meta.simulation?.receipt;
    assert.ok(ref?.id, `${name}: ${JSON.stringify(ref)}`);
    assert.ok(ref.calls > 10, `${name}: ${ref.calls} calls`);
    const response = await who.call('GET', `/api/scans/${id}/receipt`);
    assert.equal(response.statusCode, 200, response.body);
    assert.match(String(response.headers['content-disposition']), /attachment; filename="scopeward-.*-receipt\.json"/);
    const file = join(dir, `${name}.json`);
    writeFileSync(file, response.body);
    return { file, text: response.body, ref };
  };

  it('every sample token and the source scan has a receipt that `scopeward verify` reproduces', async () => {
    const { file: keys } = await keysFile('keys.json');
    for (const name of ['honeypot', 'fee', 'blacklist', 'mint', 'source']) {
      const { file, text } = await download(name);
      const receipt = JSON.parse(text) as {
        verdict: { taxes: { error: string } };
        environment: { mode: string };
        conclusions: { supports: string; claim: string }[];
      };
      assert.equal(receipt.environment.mode, name === 'source' ? 'local' : 'snapshot');
      if (name === 'honeypot') {
        assert.equal(receipt.verdict.taxes.error, 'SELL_FAILED');
        assert.match(receipt.conclusions.find((c) => c.supports.startsWith('taxes'))!.claim, /SELL_FAILED/);
      }
      const out = await runCli(['verify', file, '--keys', keys], { SECRET_KEY });
      assert.equal(out.code, 0, `${name}: ${out.stdout}${out.stderr}`);
      assert.match(out.stdout, /^reproduced: \d+ calls gave the recorded outcomes/, name);
    }
  });

  it('one changed byte fails the signature (exit 1); not a receipt is bad input (exit 2); the API says the same', async () => {
    const { file: keys } = await keysFile('keys.json');
    const { text } = await download('fee');
    // One byte: a digit of the first gas figure.
    const at = text.indexOf('"gasUsed": "') + '"gasUsed": "'.length;
    const changed = `${text.slice(0, at)}${text[at] === '9' ? '8' : '9'}${text.slice(at + 1)}`;
    const file = join(dir, 'changed.json');
    writeFileSync(file, changed);
    const out = await runCli(['verify', file, '--keys', keys], { SECRET_KEY });
    assert.equal(out.code, 1, out.stdout + out.stderr);
    assert.match(out.stdout, /^signature invalid: /);

    writeFileSync(join(dir, 'garbage.json'), '{"hello": "world"}');
    const garbage = await runCli(['verify', join(dir, 'garbage.json'), '--keys', keys], { SECRET_KEY });
    assert.equal(garbage.code, 2, garbage.stdout + garbage.stderr);
    assert.match(garbage.stdout, /^not a receipt: the receipt's format is not scopeward-receipt\/1/);

    const api = await user.call('POST', '/api/receipts/verify', { json: { receipt: JSON.parse(changed) as object, replay: false } });
    assert.equal(api.statusCode, 200, api.body);
    assertMatchesSchema(VerifyReceiptResponseSchema, api.json());
    assert.equal((api.json() as { verdict: string }).verdict, 'signature invalid');
    const bad = await user.call('POST', '/api/receipts/verify', { json: { receipt: { hello: 'world' } } });
    assert.equal(bad.statusCode, 400, bad.body);
    assert.match((bad.json() as { message: string }).message, /^not a receipt/);
    const anonymous = await f.app.inject({ method: 'POST', url: '/api/receipts/verify', payload: { receipt: JSON.parse(text) as object } });
    // No session and no key: refused (the session hook answers a cookie-less POST 403), never replayed.
    assert.ok([401, 403].includes(anonymous.statusCode), anonymous.body);
  });

  it('POST /api/receipts/verify replays like the CLI', async () => {
    const { text } = await download('honeypot');
    const api = await user.call('POST', '/api/receipts/verify', { json: { receipt: JSON.parse(text) as object } });
    assert.equal(api.statusCode, 200, api.body);
    const outcome = api.json() as { verdict: string; message: string; replay: { status: string; calls: number } };
    assert.equal(outcome.verdict, 'reproduced', outcome.message);
    assert.ok(outcome.replay.calls > 10);
  });

  it("a private source scan's receipt is its owner's only; a public scan's needs no session", async () => {
    const id = scans.get('source')!;
    assert.equal((await f.app.inject({ method: 'GET', url: `/api/scans/${id}/receipt` })).statusCode, 404);
    assert.equal((await other.call('GET', `/api/scans/${id}/receipt`)).statusCode, 404);
    assert.equal((await f.app.inject({ method: 'GET', url: `/api/scans/${scans.get('mint')!}/receipt` })).statusCode, 200);
    assert.equal((await f.app.inject({ method: 'GET', url: '/api/scans/no-such-scan/receipt' })).statusCode, 404);
  });

  it('after a key rotation the old receipt still verifies, new receipts use the new key, an expired key fails', async () => {
    const before = await download('blacklist');
    const signer = createReceiptSigner(f.store.db, createSecretBox(SECRET_KEY));
    const next = await signer.rotate();
    const { file: keys, keys: list } = await keysFile('rotated.json');
    assert.equal(list.length, 2);
    assert.equal(list.find((k) => k.keyId === before.ref.keyId)?.retiredAt !== null, true, 'the old key is kept, retired');
    const offline = await runCli(['verify', before.file, '--keys', keys, '--offline'], { SECRET_KEY });
    assert.equal(offline.code, 0, offline.stdout + offline.stderr);
    assert.match(offline.stdout, /^signature valid: signed by key /);

    // A new scan signs with the new key (the running server sees the rotation).
    const token = f.devnet.tokens.find((t) => t.behaviour === 'plain')!;
    const created = await user.call('POST', '/api/scans', { json: { kind: 'address', network: 'LOCAL', address: token.address } });
    scans.set('plain', (created.json() as { scan: { id: string } }).scan.id);
    await f.app.dashboardScansIdle();
    const after = await download('plain');
    assert.equal(after.ref.keyId, next.keyId);

    await signer.rotate({ expirePrevious: true });
    const { file: expiredKeys } = await keysFile('expired.json');
    const expired = await runCli(['verify', after.file, '--keys', expiredKeys, '--offline'], { SECRET_KEY });
    assert.equal(expired.code, 1, expired.stdout + expired.stderr);
    assert.match(expired.stdout, /^expired key: /);
    const unknown = await runCli(['verify', after.file, '--keys', join(dir, 'keys.json'), '--offline'], { SECRET_KEY });
    assert.equal(unknown.code, 1);
    assert.match(unknown.stdout, /^unknown key id: /);
  });
});
