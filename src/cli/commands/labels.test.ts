import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../testing/run-cli.ts';

const header = 'address,network,label,category,source,listedOn';
const good = '0x00000000000000000000000000000000000000aa,*,Test mixer,mixer,test list,2025-01-01';

describe('scopeward labels', () => {
  let dir: string;
  let env: Record<string, string>;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sw-labels-'));
    env = { DATA_DIR: join(dir, 'data') };
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('imports nothing from a file with one bad row, then imports, lists, seeds and removes', async () => {
    const bad = join(dir, 'bad.csv');
    await writeFile(bad, `${header}\n${good}\n0x00000000000000000000000000000000000000bb,MARS,x,mixer,test list,2025-01-01\n`);
    const refused = await runCli(['labels', 'import', bad], env);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /row 2 network: unknown network "MARS"/);
    assert.equal(JSON.parse((await runCli(['labels', 'list', '--json'], env)).stdout).total, 0);

    const file = join(dir, 'good.csv');
    await writeFile(file, `${header}\n${good}\n`);
    assert.equal((await runCli(['labels', 'import', file], env)).stdout.trim(), 'imported 1 label');
    assert.match((await runCli(['labels', 'list', '--category', 'mixer'], env)).stdout, /Test mixer/);
    assert.match((await runCli(['labels', 'seed'], env)).stdout, /imported \d+ labels from ofac-sdn.json/);
    assert.equal((await runCli(['labels', 'seed'], env)).stdout.trim(), 'every shipped list is already imported');
    assert.equal((await runCli(['labels', 'remove', '0x00000000000000000000000000000000000000aa'], env)).stdout.trim(), 'removed 1 label');
    assert.equal((await runCli(['labels', 'remove', '0x00000000000000000000000000000000000000aa'], env)).code, 3);
  });
});
