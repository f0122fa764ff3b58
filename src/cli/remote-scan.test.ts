import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { CliError, EXIT } from './cli-error.ts';
import { remoteText, runRemoteScan, type RemoteScanDeps, type RemoteScanOptions } from './remote-scan.ts';

const KEY = 'sw_test_key';
const VERDICT = {
  canBuy: 'yes',
  canSell: 'yes',
  summary:
    "You can sell now (sell tax 0 %). The owner can block your sell: `setBlacklist(holder, true)` was shown to make a holder's sell revert.",
  sellAfterOwnerActions: [{ call: 'setBlacklist(holder, true)', effect: 'blocks', sellTaxAfter: null, by: 'eoa', line: 12 }],
  delayed: [],
  powerHolders: [],
  risks: [
    { id: 'honeypot', name: 'Honeypot', answer: 'no', evidence: [] },
    { id: 'blacklist', name: 'Blacklist', answer: 'yes', evidence: [] },
  ],
};

interface Received {
  readonly kind: string | undefined;
  readonly json?: unknown;
  readonly parts?: { field: string; filename?: string; text: string }[];
}

/** A stand-in of the service's scan API on a real port: what the CLI sends is recorded, the scan finishes after `readsToFinish` reads. */
describe('scopeward scan --server (remote-scan)', () => {
  let app: FastifyInstance;
  let base: string;
  let dir: string;
  let received: Received[] = [];
  let reads = 0;
  let readsToFinish = 2;
  let refuse: { status: number; body: unknown; headers?: Record<string, string> } | null = null;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sw-remote-'));
    app = Fastify();
    await app.register(multipart);
    app.addHook('onRequest', async (request, reply) => {
      if (refuse)
        return reply
          .code(refuse.status)
          .headers(refuse.headers ?? {})
          .send(refuse.body);
      if (request.headers['x-api-key'] !== KEY) return reply.code(403).send({ message: 'Invalid API_KEY' });
    });
    app.post('/api/scans', async (request, reply) => {
      if (request.isMultipart()) {
        const parts: { field: string; filename?: string; text: string }[] = [];
        let kind: string | undefined;
        for await (const part of request.parts()) {
          if (part.type === 'field') kind = String(part.value);
          else parts.push({ field: part.fieldname, filename: part.filename, text: (await part.toBuffer()).toString('utf8') });
        }
        received.push({ kind, parts });
      } else received.push({ kind: (request.body as { kind?: string }).kind, json: request.body });
      return reply.code(202).send({ scan: { id: 'scan-1', status: 'queued' } });
    });
    app.get('/api/scans/:id', async (request) => {
      reads += 1;
      const done = reads >= readsToFinish;
      return {
        scan: { id: (request.params as { id: string }).id, status: done ? 'done' : 'running', title: 'Token.sol', kind: 'files' },
        stages: [],
        error: null,
        result: done
          ? {
              type: 'source',
              report: {
                findings: [
                  { severity: 'high', title: 'Owner can blacklist holders', detector: 'blacklist', file: 'Token.sol', ranges: [[12, 14]] },
                ],
                score: { security: 41 },
              },
              meta: { verdict: VERDICT },
            }
          : null,
      };
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    received = [];
    reads = 0;
    readsToFinish = 2;
    refuse = null;
  });

  let clock = 0;
  const waits: number[] = [];
  const deps: RemoteScanDeps = {
    fetch: globalThis.fetch,
    now: () => clock,
    wait: async (ms) => {
      waits.push(ms);
      clock += ms;
    },
  };
  const options = (target: string, extra: Partial<RemoteScanOptions> = {}): RemoteScanOptions => ({
    server: base,
    apiKey: KEY,
    target,
    timeoutMs: 60_000,
    pollMs: 1_000,
    ...extra,
  });
  const failure = async (run: Promise<unknown>): Promise<CliError> => {
    const error = await run.then(
      () => assert.fail('expected a CliError'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof CliError, String(error));
    return error;
  };

  it('sends a .sol file as multipart (kind files), follows the scan until done and prints the verdict before the findings', async () => {
    const file = join(dir, 'Token.sol');
    await writeFile(file, 'contract Token {}');
    const detail = await runRemoteScan(options(file), deps);
    assert.deepEqual(received, [{ kind: 'files', parts: [{ field: 'files', filename: 'Token.sol', text: 'contract Token {}' }] }]);
    assert.equal(reads, 2, 'read until done');
    assert.equal(detail.scan.status, 'done');
    const text = remoteText(detail, base);
    const verdictAt = text.indexOf('Verdict: You can sell now');
    const findingAt = text.indexOf('[high] Owner can blacklist holders (Token.sol:12)');
    assert.ok(verdictAt > 0 && findingAt > verdictAt, text);
    assert.match(text, /setBlacklist\(holder, true\) blocks a holder's sell \(callable by eoa\)/);
    assert.match(text, /✖ Blacklist/);
    assert.match(text, /1 other risk category: none found/);
    assert.match(text, /Security score: 41/);
    assert.ok(text.includes(`Details: ${base}/scans/scan-1`));
  });

  it('sends a folder as its .sol files (dependencies left out) and a .zip as one zip part', async () => {
    await mkdir(join(dir, 'project', 'contracts'), { recursive: true });
    await mkdir(join(dir, 'project', 'node_modules', 'dep'), { recursive: true });
    await writeFile(join(dir, 'project', 'contracts', 'A.sol'), 'contract A {}');
    await writeFile(join(dir, 'project', 'B.sol'), 'contract B {}');
    await writeFile(join(dir, 'project', 'README.md'), '# not sent');
    await writeFile(join(dir, 'project', 'node_modules', 'dep', 'Dep.sol'), 'contract Dep {}');
    await runRemoteScan(options(join(dir, 'project')), deps);
    assert.deepEqual(
      received[0]?.parts?.map((p) => [p.field, p.filename]),
      [
        ['files', 'B.sol'],
        // (The multipart parser keeps a part's base name, as the service does.)
        ['files', 'A.sol'],
      ],
    );
    const zip = join(dir, 'sources.zip');
    await writeFile(zip, Buffer.from('PK\u0003\u0004 not really'));
    await runRemoteScan(options(zip), deps);
    assert.equal(received[1]?.kind, 'zip');
    assert.deepEqual(
      received[1]?.parts?.map((p) => [p.field, p.filename]),
      [['zip', 'sources.zip']],
    );
  });

  it('sends an address with its network, an explorer link as url and a GitHub link as repository, as JSON', async () => {
    await runRemoteScan(options('0x97035c149c7DD28664096E0c3f3176A0a6b297A7', { network: 'LOCAL' }), deps);
    await runRemoteScan(options('https://etherscan.io/token/0x97035c149c7DD28664096E0c3f3176A0a6b297A7'), deps);
    await runRemoteScan(options('https://github.com/owner/repo/tree/main/contracts'), deps);
    assert.deepEqual(
      received.map((r) => r.json),
      [
        { kind: 'address', address: '0x97035c149c7DD28664096E0c3f3176A0a6b297A7', network: 'LOCAL' },
        { kind: 'url', url: 'https://etherscan.io/token/0x97035c149c7DD28664096E0c3f3176A0a6b297A7' },
        { kind: 'repository', url: 'https://github.com/owner/repo/tree/main/contracts' },
      ],
    );
  });

  it('a refused key is bad input (exit 2) and names the way to give one', async () => {
    const error = await failure(runRemoteScan(options('0x97035c149c7DD28664096E0c3f3176A0a6b297A7', { apiKey: 'wrong' }), deps));
    assert.equal(error.exitCode, EXIT.badInput);
    assert.match(error.message, /refused the API key \(403 Invalid API_KEY\).*SCOPEWARD_API_KEY/);
    refuse = { status: 401, body: { message: 'Not logged in' } };
    assert.equal((await failure(runRemoteScan(options('0x97035c149c7DD28664096E0c3f3176A0a6b297A7'), deps))).exitCode, EXIT.badInput);
  });

  it("the service's limit (429) exits 3 with its message and when to retry; its input errors exit 2 with the field", async () => {
    refuse = {
      status: 429,
      body: { message: 'At most 5 scans can run at once: wait for one to finish' },
      headers: { 'retry-after': '30' },
    };
    const limited = await failure(runRemoteScan(options('0x97035c149c7DD28664096E0c3f3176A0a6b297A7'), deps));
    assert.equal(limited.exitCode, EXIT.failed);
    assert.equal(limited.message, `${base}: At most 5 scans can run at once: wait for one to finish (retry after 30 s)`);
    refuse = { status: 400, body: { message: 'Invalid Network', field: 'address' } };
    const bad = await failure(runRemoteScan(options('0x97035c149c7DD28664096E0c3f3176A0a6b297A7'), deps));
    assert.deepEqual([bad.exitCode, bad.message], [EXIT.badInput, 'Invalid Network [address]']);
  });

  it('a service that does not answer exits 3 naming the address', async () => {
    const closed = Fastify();
    const url = await closed.listen({ port: 0, host: '127.0.0.1' });
    await closed.close();
    const error = await failure(runRemoteScan(options('0x97035c149c7DD28664096E0c3f3176A0a6b297A7', { server: url }), deps));
    assert.equal(error.exitCode, EXIT.failed);
    assert.match(error.message, new RegExp(`^cannot reach the service at ${url}: ECONNREFUSED`));
  });

  it('stops following after --timeout (the injected clock), exit 3 with the scan to look at later', async () => {
    readsToFinish = Number.POSITIVE_INFINITY;
    waits.length = 0;
    const error = await failure(runRemoteScan(options('0x97035c149c7DD28664096E0c3f3176A0a6b297A7', { timeoutMs: 5_000 }), deps));
    assert.equal(error.exitCode, EXIT.failed);
    assert.equal(error.message, `the scan scan-1 did not finish within 5 s (it may still finish: ${base}/scans/scan-1)`);
    assert.deepEqual(waits, [1_000, 1_000, 1_000, 1_000, 1_000]);
  });

  it('refuses what it cannot send before calling the service', async () => {
    const notes = join(dir, 'notes.txt');
    await writeFile(notes, 'hello');
    assert.match((await failure(runRemoteScan(options(notes), deps))).message, /not a Solidity file/);
    assert.match((await failure(runRemoteScan(options('not-a-thing'), deps))).message, /not a file, folder, \.zip, address or URL/);
    assert.match(
      (await failure(runRemoteScan(options('0x97035c149c7DD28664096E0c3f3176A0a6b297A7', { server: 'ftp://x' }), deps))).message,
      /http/,
    );
    assert.deepEqual(received, []);
  });
});
