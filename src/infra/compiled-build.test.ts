import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { COMPILED_DIR, FINGERPRINT_FILE, REPO_ROOT, isCompiledCurrent, sourceFingerprint } from '../../bin/compiled-output.js';
import { COMMAND_NAMES } from '../cli/commands/index.ts';
import { ensureCompiled } from './compiled-build.ts';

const VERSION = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

function node(args: readonly string[], cwd = tmpdir()): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd, timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

describe('the fingerprint that tells whether compiled/ is current', () => {
  function tree(): string {
    const root = mkdtempSync(join(tmpdir(), 'sw-fingerprint-'));
    mkdirSync(join(root, 'src', 'cli'), { recursive: true });
    mkdirSync(join(root, 'src', 'web'), { recursive: true });
    writeFileSync(join(root, 'src', 'cli', 'main.ts'), 'export {};\n');
    writeFileSync(join(root, 'src', 'cli', 'data.json'), '{}\n');
    writeFileSync(join(root, 'tsconfig.json'), '{}\n');
    mkdirSync(join(root, 'compiled'));
    writeFileSync(join(root, 'compiled', FINGERPRINT_FILE), sourceFingerprint(root));
    return root;
  }

  it('matches until a source or asset is edited, added, removed or renamed, or the build config changes', () => {
    const root = tree();
    try {
      const current = () => isCompiledCurrent(join(root, 'compiled'), root);
      const rebuilt = () => writeFileSync(join(root, 'compiled', FINGERPRINT_FILE), sourceFingerprint(root));
      assert.equal(current(), true);
      utimesSync(join(root, 'src', 'cli', 'main.ts'), new Date(), new Date(Date.now() + 5000));
      assert.equal(current(), false, 'edited');
      rebuilt();
      writeFileSync(join(root, 'src', 'cli', 'data.json'), '{"a":1}\n');
      assert.equal(current(), false, 'asset edited');
      rebuilt();
      writeFileSync(join(root, 'src', 'cli', 'new.ts'), 'export {};\n');
      assert.equal(current(), false, 'added');
      rebuilt();
      rmSync(join(root, 'src', 'cli', 'new.ts'));
      assert.equal(current(), false, 'removed');
      rebuilt();
      writeFileSync(join(root, 'tsconfig.json'), '{ }\n');
      assert.equal(current(), false, 'build config');
      rebuilt();
      // The dashboard and tests are not compiled: editing them keeps the output current.
      writeFileSync(join(root, 'src', 'web', 'app.tsx'), 'export {};\n');
      writeFileSync(join(root, 'src', 'cli', 'main.test.ts'), 'export {};\n');
      assert.equal(current(), true, 'dashboard and tests are not inputs');
      rmSync(join(root, 'compiled', FINGERPRINT_FILE));
      assert.equal(current(), false, 'never built');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the compiled CLI', { timeout: 600_000 }, () => {
  // `npm ci` builds it (prepare); built here when the sources changed since.
  before(() => ensureCompiled(), { timeout: 600_000 });

  it('prints the version from package.json, from compiled/ and through bin/scopeward.js', async () => {
    assert.equal(isCompiledCurrent(), true);
    for (const entry of [join(COMPILED_DIR, 'cli', 'main.js'), join(REPO_ROOT, 'bin', 'scopeward.js')]) {
      for (const flag of ['--version', '-V']) {
        const result = await node([entry, flag]);
        assert.equal(result.code, 0, result.stderr);
        assert.equal(result.stdout.trim(), VERSION);
      }
    }
  });

  it('prints the help with every command and exits 0', async () => {
    const result = await node([join(REPO_ROOT, 'bin', 'scopeward.js'), '--help']);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /-V, --version/);
    for (const name of COMMAND_NAMES) assert.match(result.stdout, new RegExp(`^  ${name}\\b`, 'm'));
  });

  it('runs a command from a folder outside the project', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'sw-compiled-scan-'));
    try {
      writeFileSync(join(folder, 'T.sol'), 'pragma solidity ^0.8.0;\ncontract T { function f() external {} }\n');
      const result = await node([join(REPO_ROOT, 'bin', 'scopeward.js'), 'scan', '.', '--json'], folder);
      assert.equal(result.code, 0, result.stderr);
      assert.ok(Array.isArray((JSON.parse(result.stdout) as { findings: unknown[] }).findings));
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('starts the analysis workers from compiled JavaScript, without tsx', async () => {
    const url = pathToFileURL(join(COMPILED_DIR, 'scan', 'analysis-pool', 'analysis-pool.js')).href;
    const { createAnalysisPool } = (await import(url)) as typeof import('../scan/analysis-pool/analysis-pool.ts');
    const runtime = (await import(
      pathToFileURL(join(COMPILED_DIR, 'infra', 'module-runtime.js')).href
    )) as typeof import('./module-runtime.ts');
    assert.equal(runtime.RUNS_COMPILED, true);
    assert.deepEqual(runtime.loaderExecArgv(), []);
    assert.equal(runtime.moduleUrl('./worker.ts', 'file:///app/compiled/x/pool.js').href, 'file:///app/compiled/x/worker.js');
    const pool = createAnalysisPool({ threads: 1 });
    try {
      const result = await pool.analyze({
        'T.sol': 'pragma solidity ^0.8.0;\ncontract T { address o; function f() external { o = msg.sender; } }\n',
      });
      assert.equal(result.contracts.length, 1);
    } finally {
      await pool.close();
    }
  });

  it('starts the similarity threads from compiled JavaScript, without tsx', async () => {
    const load = async <T>(path: string) => (await import(pathToFileURL(join(COMPILED_DIR, path)).href)) as T;
    const { createSimilarityPool } = await load<typeof import('../corpus/similarity-pool.ts')>('corpus/similarity-pool.js');
    const { SimilarityIndex } = await load<typeof import('../analysis/similarity/similarity-index.ts')>(
      'analysis/similarity/similarity-index.js',
    );
    const { documentFingerprints } = await load<typeof import('../analysis/similarity/fingerprint-source.ts')>(
      'analysis/similarity/fingerprint-source.js',
    );
    const source = readFileSync(join(REPO_ROOT, 'node_modules/@openzeppelin/contracts-v4/token/ERC20/ERC20.sol'), 'utf8');
    const index = new SimilarityIndex();
    index.add({ origin: 'openzeppelin', file: 'oz/ERC20.sol', fingerprints: documentFingerprints(source) });
    const pool = createSimilarityPool({ threads: 1 });
    try {
      const answer = await pool.compare(index, { 'ERC20.sol': source });
      assert.equal(answer.ranks[0]?.file, 'oz/ERC20.sol');
    } finally {
      await pool.close();
    }
  });

  it('starts the compile workers from compiled JavaScript, without tsx', async () => {
    const url = pathToFileURL(join(COMPILED_DIR, 'compile', 'compile-pool.js')).href;
    const { createCompilePool } = (await import(url)) as typeof import('../compile/compile-pool.ts');
    const pool = createCompilePool({ threads: 1, timeLimitMs: 120_000 });
    try {
      const result = await pool.compile({
        'T.sol': 'pragma solidity ^0.8.20;\ncontract T { uint256 x; function f() external { x = 1; } }\n',
      });
      assert.ok('contracts' in result, JSON.stringify(result).slice(0, 300));
    } finally {
      await pool.close();
    }
  });
});
