/**
 * Every shell example of the README, run as written, top to bottom, against a real
 * `scopeward serve` on the embedded defaults (SQLite under ./data, the devnet). Only the
 * `npm …` lines (install, start, test) are not run: they are how this test itself runs.
 *
 * The commands run in one bash in a fresh folder that holds the repository's `src` and
 * `docs` (the files the examples read) and starts empty otherwise; `npx scopeward` is
 * this checkout's bin, `http://127.0.0.1:3000` the started server's address, and every
 * `curl -s` also fails on an HTTP error. A command's exit status must be 0, or the one
 * its trailing comment states (`# exit 1`).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnServer, type SpawnedServer } from '../src/testing/spawn-server.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const readme = readFileSync(join(root, 'README.md'), 'utf8');

interface Example {
  readonly command: string;
  readonly expectedExit: number;
}

/** The commands of the README's ```sh blocks, continuation lines joined, in order. */
export function readmeCommands(text: string): { commands: Example[]; skipped: string[] } {
  const commands: Example[] = [];
  const skipped: string[] = [];
  for (const [, block] of text.matchAll(/```sh\n([\s\S]*?)```/g)) {
    let current = '';
    for (const line of block!.split('\n')) {
      if (current === '' && (line.trim() === '' || line.trim().startsWith('#'))) continue;
      current += current ? `\n${line}` : line;
      if (line.endsWith('\\')) continue;
      const exit = /#\s*exit (\d)\b[^'"]*$/.exec(current);
      if (/^npm /.test(current.trim())) skipped.push(current);
      else commands.push({ command: current, expectedExit: exit ? Number(exit[1]) : 0 });
      current = '';
    }
  }
  return { commands, skipped };
}

describe('README examples', () => {
  let dir: string;
  let server: SpawnedServer;
  const env = (dataDir: string) => ({ DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', DEVNET: 'on' });
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sw-readme-'));
    symlinkSync(join(root, 'src'), join(dir, 'src'));
    symlinkSync(join(root, 'docs'), join(dir, 'docs'));
    server = await spawnServer(env(join(dir, 'data')), 120_000, { cwd: dir });
  });
  after(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finds the examples: the quick start, the four operations, the registry and CI', () => {
    const { commands, skipped } = readmeCommands(readme);
    assert.ok(commands.length >= 12, String(commands.length));
    assert.ok(
      skipped.every((c) => /^npm (ci|start|test)/.test(c.trim())),
      skipped.join('\n'),
    );
    assert.match(commands[0]!.command, /^KEY=\$\(npx scopeward keys create .*--json/, 'the key is captured before any call uses it');
    const importAt = commands.findIndex((c) => c.command.includes('audits import'));
    const lookupAt = commands.findIndex((c) => c.command.includes('search-by-address'));
    assert.ok(importAt >= 0 && importAt < lookupAt, 'the audit import comes before the lookup');
    for (const { command } of commands) if (/curl .*-X POST/s.test(command)) assert.match(command, / -d /, `a body for ${command}`);
  });

  it('shows the example audit file that the import reads', () => {
    const shown = /```json\n([\s\S]*?)```/.exec(readme)?.[1];
    assert.deepEqual(JSON.parse(shown!), JSON.parse(readFileSync(join(root, 'docs/examples/audits.json'), 'utf8')));
  });

  it('runs every example top to bottom as written', () => {
    const { commands } = readmeCommands(readme);
    const bin = `node ${JSON.stringify(join(root, 'bin/scopeward.js'))}`;
    const script = commands
      .map(({ command }, i) => {
        const runnable = command
          .replaceAll('npx scopeward', bin)
          .replaceAll('http://127.0.0.1:3000', server.url)
          .replaceAll('curl -s ', 'curl -s --fail-with-body ');
        return `{\n${runnable}\n} > out.${i} 2> err.${i}; echo $? > rc.${i}`;
      })
      .join('\n');
    const run = spawnSync('bash', ['-c', script], {
      cwd: dir,
      env: { ...process.env, ...env(join(dir, 'data')), LOG_FORMAT: 'json' },
      encoding: 'utf8',
      timeout: 300_000,
    });
    assert.equal(run.status, 0, run.stderr);
    const read = (name: string) => readFileSync(join(dir, name), 'utf8');
    commands.forEach(({ command, expectedExit }, i) => {
      assert.equal(
        Number(read(`rc.${i}`)),
        expectedExit,
        `${command}\nstdout: ${read(`out.${i}`).slice(0, 500)}\nstderr: ${read(`err.${i}`).slice(0, 500)}`,
      );
    });
    // What the README says the answers show.
    const outputOf = (needle: string) => read(`out.${commands.findIndex((c) => c.command.includes(needle))}`);
    const honeypot = JSON.parse(outputOf('0x39c2764C53c0520b89Ad236A4AccC5af037Ce350')) as {
      auditLayout: { taxes: { error: string }; rank: string };
    };
    assert.equal(honeypot.auditLayout.taxes.error, 'SELL_FAILED');
    assert.equal(honeypot.auditLayout.rank, 'D');
    assert.equal((JSON.parse(outputOf('search-by-address')) as { slug: string }).slug, 'tether-bsc');
    assert.match(
      read(`err.${commands.findIndex((c) => c.command.includes('--format sarif'))}`),
      /^scopeward: \d+ findings .* written to scopeward\.sarif; exit 1/,
    );
    // scan --server: the service's verdict first, then the findings, for the address and the uploaded file.
    const remote = commands.flatMap((c, i) => (c.command.includes('scan --server') ? [read(`out.${i}`)] : []));
    assert.equal(remote.length, 2);
    for (const out of remote) {
      assert.match(out, /: done\n\nVerdict: You can sell now/, out);
      assert.ok(out.indexOf('Verdict: ') < out.indexOf('Findings: '), out);
    }
  });
});
