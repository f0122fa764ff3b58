import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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
  assert.deepEqual(
    out.smartAudit.mint.map((m) => m.range),
    [[89, 91]],
  );
  assert.ok(out.findings.some((f) => f.severity === 'high'));
});

test('scan --format sarif emits SARIF 2.1.0 with rules and located results', () => {
  const r = scan(token, '--format', 'sarif', '--fail-on', 'critical');
  assert.equal(r.status, 0, r.stderr);
  const sarif = JSON.parse(r.stdout) as {
    version: string;
    runs: {
      tool: { driver: { rules: { id: string }[] } };
      results: {
        ruleId: string;
        locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[];
      }[];
    }[];
  };
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
  // A file that is not Solidity, by name or by content, is bad input named in one line.
  const text = scan(join(dir, 'readme.txt'));
  assert.deepEqual(
    [text.status, text.stderr],
    [2, `scopeward: ${join(dir, 'readme.txt')}: not a Solidity file (give a .sol file, a folder or a .zip of them)\n`],
  );
  writeFileSync(join(dir, 'notes.sol'), '{"name": "not solidity", "version": [1, 2]}\n');
  const json = scan(join(dir, 'notes.sol'));
  assert.equal(json.status, 2);
  assert.match(json.stderr, /^scopeward: .*notes\.sol: no Solidity contract, interface or library found/);
  assert.equal(json.stderr.trim().split('\n').length, 1);
  const missing = scan(join(dir, 'missing.sol'));
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /missing\.sol: no such file/);
  const option = scan(token, '--bogus');
  assert.equal(option.status, 2, 'an unknown option is bad input, not a finding');
});

test('scan -o writes the report and prints a one-line summary that explains the exit status', () => {
  const out = join(mkdtempSync(join(tmpdir(), 'sw-scan-')), 'report.sarif');
  const r = scan(token, '--format', 'sarif', '-o', out, '--fail-on', 'high');
  assert.equal(r.status, 1);
  assert.equal(r.stdout, '');
  assert.match(
    r.stderr,
    new RegExp(
      `^scopeward: \\d+ findings \\(\\d+ high.*\\) in 1 file written to ${out.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}; exit 1: a finding at or above high\n$`,
    ),
  );
  assert.equal((JSON.parse(readFileSync(out, 'utf8')) as { version: string }).version, '2.1.0');
});

test('simulate refuses what is not an address as bad input, before starting anything', () => {
  const r = spawnSync(process.execPath, [join(root, 'bin/scopeward.js'), 'simulate', '0xNOTANADDRESS'], { encoding: 'utf8', cwd: root });
  assert.deepEqual([r.status, r.stderr], [2, 'scopeward: not an address: "0xNOTANADDRESS" (expected 0x and 40 hexadecimal digits)\n']);
});
