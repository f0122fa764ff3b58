import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const token = join(root, 'src/analysis/__fixtures__/tokens/hidden-control-token.sol');

function scan(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [join(root, 'bin/scopeward.js'), 'scan', ...args], { encoding: 'utf8', cwd: root });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

test('scan --json prints the smartAudit and findings; --fail-on high fails on high findings', () => {
  const r = scan(token, '--json', '--fail-on', 'high');
  assert.equal(r.status, 1, r.stderr);
  const out = JSON.parse(r.stdout) as { smartAudit: { mint: { range: number[] }[] }; findings: { severity: string }[] };
  assert.deepEqual(out.smartAudit.mint.map((m) => m.range), [[89, 91]]);
  assert.ok(out.findings.some((f) => f.severity === 'high'));
});

test('scan --format sarif emits SARIF 2.1.0 with rules and located results', () => {
  const r = scan(token, '--format', 'sarif', '--fail-on', 'critical');
  assert.equal(r.status, 0, r.stderr);
  const sarif = JSON.parse(r.stdout) as { version: string; runs: { tool: { driver: { rules: { id: string }[] } }; results: { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[] }[] }[] };
  assert.equal(sarif.version, '2.1.0');
  const run = sarif.runs[0]!;
  assert.ok(run.tool.driver.rules.length >= 30);
  const mint = run.results.find((x) => x.ruleId === 'owner-mint');
  assert.equal(mint?.locations[0]?.physicalLocation.artifactLocation.uri, 'src/analysis/__fixtures__/tokens/hidden-control-token.sol');
  assert.equal(mint?.locations[0]?.physicalLocation.region.startLine, 89);
});

test('scan explains bad input with exit status 2', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sw-scan-'));
  writeFileSync(join(dir, 'readme.txt'), 'no solidity here');
  const r = scan(dir);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /no \.sol file found/);
});
