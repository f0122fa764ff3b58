import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { toFunctionSelector } from 'viem';
import { vyperStyleDispatcher } from '../../analysis/bytecode/__fixtures__/assemble.ts';
import { runCli } from '../../testing/run-cli.ts';

const moonToken = fileURLToPath(new URL('../../analysis/similarity/__fixtures__/MoonToken.sol', import.meta.url));

// Each run starts a process (seconds on a loaded machine): few runs, each checking much.
describe('scopeward similarity and signatures', () => {
  let dir: string;
  let env: Record<string, string>;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sw-sim-'));
    env = { DATA_DIR: dir };
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('scan: the renamed OpenZeppelin ERC-20 copy is found, as JSON', async () => {
    const run = await runCli(['similarity', 'scan', moonToken, '--json'], env);
    assert.equal(run.code, 0, run.stderr);
    const result = JSON.parse(run.stdout) as { contracts: { name: string; score: number; origin: string; file: string }[] };
    const moon = result.contracts.find((c) => c.name === 'MoonToken');
    assert.equal(moon?.file, '@openzeppelin/contracts@4.9.6/token/ERC20/ERC20.sol');
    assert.equal(moon?.origin, 'openzeppelin');
    assert.ok((moon?.score ?? 0) >= 0.9);
  });

  it('signatures selectors: bytecode selectors resolve and classify; bad bytecode exits 2', async () => {
    const code = vyperStyleDispatcher([toFunctionSelector('mint(address,uint256)'), toFunctionSelector('balanceOf(address)')]);
    const run = await runCli(['signatures', 'selectors', code, '--json'], env);
    assert.equal(run.code, 0, run.stderr);
    const out = JSON.parse(run.stdout) as { functions: { signatures: string[] }[]; findings: { capability: string; source: string }[] };
    assert.deepEqual(out.functions.flatMap((f) => f.signatures).sort(), ['balanceOf(address)', 'mint(address,uint256)']);
    assert.deepEqual(
      out.findings.map((f) => [f.capability, f.source]),
      [['mint', 'bytecode']],
    );
    const bad = await runCli(['signatures', 'selectors', '0xnothex'], env);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /not hex/);
  });
});
