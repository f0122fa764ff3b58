/**
 * The Apps pages' "Copy command" examples run as pasted in a shell (issue 29: the key sat
 * in single quotes and was sent as the text "$SCOPEWARD_KEY"). Each example is run by
 * bash against a local server that records what it received.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APPS, exampleCommand, KEY_VARIABLE } from '../src/web/app/apps-catalogue.ts';

describe('Apps pages: example commands', () => {
  let server: Server;
  let origin = '';
  const received: { path: string; key: string | undefined; body: string }[] = [];
  before(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ path: req.url ?? '', key: req.headers['x-api-key'] as string | undefined, body });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => server.close());

  const endpoints = APPS.flatMap((app) => app.endpoints);

  it('has examples to check', () => assert.ok(endpoints.length >= 4));

  for (const endpoint of endpoints) {
    it(`${endpoint.method} ${endpoint.path}: sends the key from $${KEY_VARIABLE} and a JSON body`, async () => {
      received.length = 0;
      // Asynchronously: the recording server runs on this process's event loop.
      await promisify(execFile)('bash', ['--norc', '--noprofile', '-c', exampleCommand(endpoint, origin)], {
        env: { PATH: process.env.PATH ?? '', [KEY_VARIABLE]: 'sw_test_key' },
        timeout: 10_000,
      });
      assert.equal(received.length, 1);
      assert.equal(received[0]!.path.split('?')[0], endpoint.path);
      assert.equal(received[0]!.key, 'sw_test_key');
      if (endpoint.method === 'POST') assert.doesNotThrow(() => JSON.parse(received[0]!.body));
    });
  }
});
