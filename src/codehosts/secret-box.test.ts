import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createSecretBox, secretBoxFromEnv } from './secret-box.ts';

test('seals and opens; another key or an altered text opens to null', () => {
  const box = createSecretBox('one key');
  const sealed = box.seal('ghs_token');
  assert.ok(!sealed.includes('ghs_token'));
  assert.notEqual(box.seal('ghs_token'), sealed, 'a fresh IV each time');
  assert.equal(box.open(sealed), 'ghs_token');
  assert.equal(createSecretBox('another key').open(sealed), null);
  const parts = sealed.split('.');
  parts[3] = Buffer.from('tampered').toString('base64url');
  assert.equal(box.open(parts.join('.')), null);
  assert.equal(box.open('garbage'), null);
});

test('signs and verifies', () => {
  const box = createSecretBox('k');
  const signature = box.sign('text');
  assert.equal(box.verify('text', signature), true);
  assert.equal(box.verify('text2', signature), false);
  assert.equal(createSecretBox('k2').verify('text', signature), false);
});

test('without SECRET_KEY a key file is generated once (0600) and reused', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sw-secret-'));
  const first = secretBoxFromEnv(undefined, dir);
  const sealed = first.seal('x');
  const file = join(dir, 'secret-key');
  assert.equal(statSync(file).mode & 0o777, 0o600);
  const key = readFileSync(file, 'utf8');
  assert.equal(secretBoxFromEnv('', dir).open(sealed), 'x');
  assert.equal(readFileSync(file, 'utf8'), key);
  assert.equal(secretBoxFromEnv('explicit', dir).open(sealed), null);
});

test('processes starting together on one data folder all end with the same key', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sw-secret-race-'));
  // Each process loads the module first and then waits for a shared instant, so the
  // creations really overlap (two replicas started at once did fail on EEXIST).
  const start = Date.now() + 1500;
  const script = `
    const { secretBoxFromEnv } = await import(${JSON.stringify(new URL('./secret-box.ts', import.meta.url).href)});
    while (Date.now() < ${start}) {}
    process.stdout.write(secretBoxFromEnv(undefined, ${JSON.stringify(dir)}).seal('same'));
  `;
  const runs = Array.from({ length: 6 }, () =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]),
  );
  const sealed = (await Promise.all(runs)).map((r) => r.stdout);
  const box = secretBoxFromEnv(undefined, dir);
  for (const s of sealed) assert.equal(box.open(s), 'same');
  assert.deepEqual(readdirSync(dir), ['secret-key'], 'no temporary files left behind');
});
