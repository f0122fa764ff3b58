/**
 * `scopeward scan --server … --api-key …` against the real app on the devnet (issue 29):
 * a dashboard account makes an API key, the command line (a child process, as a user
 * runs it) submits a devnet token by address and a .sol file, follows each scan and
 * prints the verdict first; a wrong key exits 2.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScanFixture, type ScanFixture } from '../src/testing/scan-fixture.ts';
import { createMemoryMailer } from '../src/accounts/mailer.ts';
import { createRateLimiter } from '../src/limits/rate-limiter.ts';
import { signedInBrowser } from '../src/testing/dashboard-browser.ts';
import { runCli } from '../src/testing/run-cli.ts';
import { MESSAGES } from '../src/interface/messages.ts';
import { buildTestZip } from '../src/source-files/zip-test-writer.ts';

describe('scopeward scan --server on the real app', () => {
  let f: ScanFixture;
  let server: string;
  let key: string;
  let dir: string;

  before(async () => {
    const mailer = createMemoryMailer();
    f = await createScanFixture(
      {},
      { RPC_URL_ETH: 'http://127.0.0.1:9/unreachable', RPC_URL_SOL: 'http://127.0.0.1:9/unreachable' },
      {
        mailer,
        accountLimiters: {
          client: createRateLimiter({ pointsPerWindow: 1000, keyPrefix: 'c' }),
          account: createRateLimiter({ pointsPerWindow: 100, keyPrefix: 'a' }),
          mail: createRateLimiter({ pointsPerWindow: 100, keyPrefix: 'm' }),
        },
      },
    );
    const user = await signedInBrowser(f.app, mailer, 'cli@example.org');
    const created = await user.call('POST', '/api/account/keys', { json: { name: 'cli' } });
    assert.equal(created.statusCode, 201, created.body);
    key = (created.json() as { key: string }).key;
    server = await f.app.listen({ port: 0, host: '127.0.0.1' });
    dir = await mkdtemp(join(tmpdir(), 'sw-cli-remote-'));
  });
  after(async () => {
    await f.close();
    await rm(dir, { recursive: true, force: true });
  });

  const token = (behaviour: string) => {
    const found = f.devnet.tokens.find((t) => t.behaviour === behaviour);
    assert.ok(found, behaviour);
    return found.address;
  };

  it('an address by its network (the key in SCOPEWARD_API_KEY): the verdict first, then the score and findings; --json is the scan', async () => {
    const text = await runCli(['scan', '--server', server, '--network', 'LOCAL', token('blacklist')], { SCOPEWARD_API_KEY: key });
    assert.equal(text.code, 0, text.stderr);
    const lines = text.stdout.split('\n');
    assert.match(lines[0] ?? '', /^scopeward scan .* \(address\) on http:\/\/127\.0\.0\.1:\d+: done$/);
    const verdictAt = lines.findIndex((l) => l.startsWith('Verdict: '));
    const scoreAt = lines.findIndex((l) => l.startsWith('Security score: '));
    assert.ok(verdictAt > 0 && scoreAt > verdictAt, text.stdout);
    assert.match(lines[verdictAt] ?? '', /^Verdict: You can sell now/);
    assert.match(text.stdout, /can buy: yes · can sell: yes/);
    assert.match(text.stdout, /Details: http:\/\/127\.0\.0\.1:\d+\/scans\/\S+/);

    const json = await runCli(['scan', '--server', server, '--api-key', key, '--network', 'LOCAL', '--json', token('honeypot')], {});
    assert.equal(json.code, 0, json.stderr);
    const detail = JSON.parse(json.stdout) as { scan: { status: string }; result: { meta: { verdict: { canSell: string } } } };
    assert.equal(detail.scan.status, 'done');
    assert.equal(detail.result.meta.verdict.canSell, 'no');
  });

  it('a .sol file goes up as multipart; --fail-on exits 1 on its findings', async () => {
    const file = join(dir, 'Owned.sol');
    await writeFile(
      file,
      [
        '// SPDX-License-Identifier: MIT',
        'pragma solidity ^0.8.20;',
        'contract Owned {',
        '  address public owner = msg.sender;',
        '  mapping(address => uint256) public balanceOf;',
        '  function mint(address to, uint256 amount) external { require(msg.sender == owner); balanceOf[to] += amount; }',
        '  function kill() external { selfdestruct(payable(msg.sender)); }',
        '}',
      ].join('\n'),
    );
    const run = await runCli(['scan', '--server', server, '--api-key', key, '--fail-on', 'high', file], {});
    assert.match(run.stdout, /^scopeward scan Owned\.sol \(files\) on .*: done$/m, run.stderr);
    assert.match(run.stdout, /^Verdict: /m);
    assert.match(run.stdout, /^ {2}\[(critical|high)\] .*\(Owned\.sol:\d+\)$/m);
    assert.equal(run.code, 1, run.stdout + run.stderr);
  });

  it("a .zip goes up as one zip part; the service's own explorer-style link goes as a url", async () => {
    const zip = join(dir, 'sources.zip');
    await writeFile(
      zip,
      buildTestZip([
        { name: 'contracts/Plain.sol', data: readFileSync(new URL('../src/devnet/contracts/PlainToken.sol', import.meta.url)) },
        { name: 'README.md', data: Buffer.from('# ignored') },
      ]),
    );
    const zipped = await runCli(['scan', '--server', server, '--api-key', key, '--json', zip], {});
    assert.equal(zipped.code, 0, zipped.stderr);
    const archive = JSON.parse(zipped.stdout) as { scan: { kind: string; status: string; title: string } };
    assert.deepEqual([archive.scan.kind, archive.scan.status, archive.scan.title], ['zip', 'done', 'sources.zip']);

    const link = await runCli(['scan', '--server', server, '--api-key', key, `${server}/token/${token('fee')}`], {});
    assert.equal(link.code, 0, link.stderr);
    assert.match(link.stdout, /\(url\) on .*: done\n\nVerdict: You can sell now \(sell tax 5 %\)/);
  });

  it('a key the service does not know exits 2 with its message; no key at all exits 2 before calling', async () => {
    const wrong = await runCli(['scan', '--server', server, '--api-key', 'sw_nope', '--network', 'LOCAL', token('plain')], {});
    assert.equal(wrong.code, 2);
    assert.ok(wrong.stderr.includes(`refused the API key (403 ${MESSAGES.score.invalidKey})`), wrong.stderr);
    const none = await runCli(['scan', '--server', server, token('plain')], { SCOPEWARD_API_KEY: '' });
    assert.equal(none.code, 2);
    assert.match(none.stderr, /--server needs an API key/);
  });
});
