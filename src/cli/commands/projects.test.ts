import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../testing/run-cli.ts';

const token = '0x00000000000000000000000000000000000000aa';

describe('scopeward projects', () => {
  let dir: string;
  let env: Record<string, string>;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sw-projects-'));
    env = { DATA_DIR: join(dir, 'data') };
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('imports nothing from a file with one bad row, then imports JSON, lists and removes', async () => {
    const bad = join(dir, 'bad.csv');
    await writeFile(bad, `network,address,website\nETH,${token},https://example.org\nMARS,${token},https://example.org\n`);
    const refused = await runCli(['projects', 'import', bad], env);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /row 2 network: unknown network "MARS"/);
    assert.equal(JSON.parse((await runCli(['projects', 'list', '--json'], env)).stdout).total, 0);
    assert.equal((await runCli(['projects', 'import', join(dir, 'missing.json')], env)).code, 2);

    const file = join(dir, 'projects.json');
    await writeFile(
      file,
      JSON.stringify([{ network: 'eth', address: token, website: 'https://example.org', github: 'https://github.com/example' }]),
    );
    assert.equal((await runCli(['projects', 'import', file], env)).stdout.trim(), 'imported 1 project');
    const listed = JSON.parse((await runCli(['projects', 'list', '--json'], env)).stdout) as {
      items: { github: string; source: string }[];
    };
    assert.equal(listed.items[0]!.github, 'https://github.com/example');
    assert.equal(listed.items[0]!.source, 'projects.json');
    assert.equal((await runCli(['projects', 'remove', 'ETH', token], env)).stdout.trim(), 'removed 1 project');
    assert.equal((await runCli(['projects', 'remove', 'ETH', token], env)).code, 3);
    assert.equal((await runCli(['projects', 'remove', 'ETH', '0x12'], env)).code, 2);
  });
});
