import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createAnalysisPool, AnalysisBusyError, type AnalysisPool } from './analysis-pool.ts';
import { DataSourceUnavailable } from '../run-data-source.ts';
import { analyzeVerifiedSources } from '../scan-dependencies.ts';
import { createNodeModulesResolver } from '../../source-files/node-modules-resolver.ts';
import { powersInProcess } from '../../simulate/simulate-source.ts';

const TOKEN = `pragma solidity ^0.8.0;
contract T {
  address owner = msg.sender;
  mapping(address => uint256) public balanceOf;
  function mint(address to, uint256 amount) external { require(msg.sender == owner); balanceOf[to] += amount; }
}`;

/** A source large enough that its analysis is still running when the test aborts it. */
function largeSource(functions: number): string {
  const body = Array.from(
    { length: functions },
    (_, i) => `  function f${i}(uint256 a) external { if (msg.sender == owner) { balanceOf[msg.sender] += a * ${i}; } }`,
  ).join('\n');
  return `pragma solidity ^0.8.0;\ncontract Big {\n  address owner;\n  mapping(address => uint256) balanceOf;\n${body}\n}`;
}

describe('the analysis pool', () => {
  let pool: AnalysisPool;
  before(() => {
    pool = createAnalysisPool({ threads: 1, perClient: 2 });
  });
  after(() => pool.close());

  it('analyses in a worker process with the same answer as in process', async () => {
    const result = await pool.analyze({ 'T.sol': TOKEN });
    assert.deepEqual(result, analyzeVerifiedSources(createNodeModulesResolver())({ 'T.sol': TOKEN }));
    assert.ok(result.findings.length > 0);
  });

  it("reads a contract's owner powers in a worker, as the simulation does in process", async () => {
    const paused = TOKEN.replace(
      /\n}$/,
      `\n  bool paused;\n  function setPaused(bool p) external { require(msg.sender == owner); paused = p; }\n  function transfer(address to, uint256 v) external returns (bool) { require(!paused); balanceOf[msg.sender] -= v; balanceOf[to] += v; return true; }\n}`,
    );
    const powers = await pool.tokenPowers({ 'T.sol': paused }, 'T');
    assert.deepEqual(powers, await powersInProcess({ 'T.sol': paused }, 'T'));
    assert.deepEqual(
      powers?.powers.map((p) => p.function),
      ['mint', 'setPaused'],
    );
    assert.deepEqual(
      powers?.tradingSwitches.map((p) => p.function),
      ['setPaused'],
    );
    assert.equal(await pool.tokenPowers({ 'T.sol': paused }, 'Missing'), undefined);
  });

  it('answers a long contract list (through a file) exactly as in process', async () => {
    const many = `pragma solidity ^0.8.0;\n${Array.from({ length: 260 }, (_, i) => `contract C${i}${i > 0 ? ` is C${i - 1}` : ''} { uint256 v${i}; }`).join('\n')}`;
    const result = await pool.analyze({ 'M.sol': many });
    assert.equal(result.contracts.length, 260);
    assert.deepEqual(result, JSON.parse(JSON.stringify(analyzeVerifiedSources(createNodeModulesResolver())({ 'M.sol': many }))));
  });

  it('ends a job when its signal aborts, and the pool keeps working', async () => {
    const controller = new AbortController();
    const job = pool.analyze({ 'Big.sol': largeSource(4000) }, { signal: controller.signal });
    controller.abort();
    await assert.rejects(job, DataSourceUnavailable);
    const next = await pool.analyze({ 'T.sol': TOKEN });
    assert.ok(next.findings.length > 0);
  });

  it('bounds the jobs one client has queued or running', async () => {
    const controller = new AbortController();
    const first = pool.analyze({ 'Big.sol': largeSource(2000) }, { client: 'c1', signal: controller.signal });
    const second = pool.analyze({ 'Big.sol': largeSource(2000) }, { client: 'c1', signal: controller.signal });
    assert.equal(pool.pending('c1'), 2);
    await assert.rejects(pool.analyze({ 'T.sol': TOKEN }, { client: 'c1' }), AnalysisBusyError);
    // Another client is not affected by c1's queue.
    const other = pool.analyze({ 'T.sol': TOKEN }, { client: 'c2' });
    controller.abort();
    await Promise.allSettled([first, second]);
    assert.ok((await other).findings.length > 0);
    assert.equal(pool.pending('c1'), 0);
  });
});
