import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../testing/run-cli.ts';

const header = 'slug,name,createdAt,reportFile,reportUrl,finishedAt,address,network';
const good = 'alpha,Alpha,2024-01-01,https://r.example/a.pdf,https://r.example/a,2024-01-02,0x00000000000000000000000000000000000000aa,BSC';

describe('scopeward audits', () => {
  let dir: string;
  let env: Record<string, string>;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sw-audits-'));
    env = { DATA_DIR: join(dir, 'data') };
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('imports nothing from a file with one bad row, and says which row and field', async () => {
    const file = join(dir, 'bad.csv');
    await writeFile(file, `${header}\n${good}\nbeta,Beta,2024-01-01,https://r.example/b.pdf,https://r.example/b,2024-01-02,0xnothex,BSC\n`);
    const res = await runCli(['audits', 'import', file], env);
    assert.equal(res.code, 2);
    assert.match(res.stderr, /row 2, address: must be a 0x-prefixed 20-byte hex address/);
    assert.deepEqual(JSON.parse((await runCli(['audits', 'list', '--json'], env)).stdout), { total: 0, items: [] });
  });

  it('imports JSON and CSV, adds, lists and removes records', async () => {
    const csv = join(dir, 'good.csv');
    await writeFile(csv, `${header}\n${good}\n`);
    assert.equal((await runCli(['audits', 'import', csv], env)).stdout.trim(), 'imported 1 audit record');
    const json = join(dir, 'good.json');
    await writeFile(
      json,
      JSON.stringify([
        {
          slug: 'gamma',
          name: 'Gamma',
          createdAt: '2024-02-01T00:00:00Z',
          reportFile: 'https://r.example/g.pdf',
          reportUrl: 'https://r.example/g',
          finishedAt: '2024-02-02T00:00:00Z',
          address: '0x00000000000000000000000000000000000000CC',
          network: 'ETH',
        },
      ]),
    );
    assert.equal((await runCli(['audits', 'import', json, '--json'], env)).stdout.trim(), '{\n  "imported": 1\n}');
    const added = await runCli(
      [
        'audits',
        'add',
        '--address',
        '0x00000000000000000000000000000000000000dd',
        '--network',
        'matic',
        '--slug',
        'delta',
        '--name',
        'Delta',
        '--report-url',
        'https://r.example/d',
        '--report-file',
        'https://r.example/d.pdf',
      ],
      env,
    );
    assert.equal(added.code, 0, added.stderr);
    const list = JSON.parse((await runCli(['audits', 'list', '--json'], env)).stdout) as {
      total: number;
      items: Array<{ slug: string; network: string; address: string }>;
    };
    assert.equal(list.total, 3);
    assert.deepEqual(
      list.items.find((a) => a.slug === 'gamma'),
      { ...list.items.find((a) => a.slug === 'gamma'), address: '0x00000000000000000000000000000000000000cc' },
    );
    assert.equal(list.items.find((a) => a.slug === 'delta')?.network, 'MATIC');
    const removed = await runCli(['audits', 'remove', '0x00000000000000000000000000000000000000AA', '--network', 'BSC', '--json'], env);
    assert.deepEqual(JSON.parse(removed.stdout), { removed: 1 });
  });

  it('explains a missing file and a malformed one', async () => {
    const missing = await runCli(['audits', 'import', join(dir, 'nope.json')], env);
    assert.equal(missing.code, 2);
    assert.equal(missing.stderr, `scopeward: cannot read ${join(dir, 'nope.json')}: no such file\n`);
    const broken = join(dir, 'broken.json');
    await writeFile(broken, '[{"slug": ');
    const res = await runCli(['audits', 'import', broken], env);
    assert.equal(res.code, 2);
    assert.match(res.stderr, /not valid JSON/);
  });
});
