/**
 * `scopeward scan <file|folder|zip>`: static analysis of Solidity sources for CI and
 * terminals. Prints text, JSON (`{smartAudit, findings, …}`) or SARIF 2.1.0; with
 * `--fail-on <severity>` exits 1 when a finding is that severe or worse. With `--server`
 * (or SCOPEWARD_SERVER) the target (also an address or a URL) is scanned by a running
 * service instead (remote-scan.ts, loaded only then).
 */
import { writeFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { Option, type Command } from 'commander';
import type { analyzeSources } from '../../analysis/analyze.ts';
import { SEVERITIES, severityRank, type Severity } from '../../analysis/findings.ts';
import { statSync } from 'node:fs';
import { CliError, EXIT } from '../cli-error.ts';
import { packageVersion } from '../package-version.ts';

const FORMATS = ['text', 'json', 'sarif'] as const;
type Format = (typeof FORMATS)[number];

/** Folders with at least this many files get a progress line on stderr. */
const PROGRESS_THRESHOLD = 50;

interface ScanOptions {
  format: string;
  json?: boolean;
  failOn?: string;
  output?: string;
  server?: string;
  apiKey?: string;
  network?: string;
  timeout?: string;
}

export function register(program: Command): void {
  program
    .command('scan <target>')
    .description(
      'analyse a .sol file, a folder or a .zip of Solidity sources; with --server, also an address or a URL, on a running service',
    )
    .option('--format <format>', `output format: ${FORMATS.join(', ')}`, 'text')
    .option('--json', 'same as --format json')
    .option('--fail-on <severity>', `exit with status 1 when a finding is at least this severe (${SEVERITIES.join(', ')})`)
    .option('-o, --output <file>', 'write the report to a file instead of stdout')
    .addOption(
      new Option(
        '--server <url>',
        'submit the target to a running service (POST /api/scans) and follow it: a file, folder, .zip, address, explorer or repository URL',
      ).env('SCOPEWARD_SERVER'),
    )
    .addOption(new Option('--api-key <key>', "an API key of the service's dashboard account (with --server)").env('SCOPEWARD_API_KEY'))
    .option('--network <symbol>', 'with --server, for an address: its network (ETH, BSC, LOCAL, SOL…)')
    .option('--timeout <seconds>', 'with --server: stop following the scan after this long', String(REMOTE_TIMEOUT_S))
    .action(async (target: string, options: ScanOptions) => {
      const format = (options.json ? 'json' : options.format) as Format;
      if (!FORMATS.includes(format)) throw new CliError(`unknown format "${options.format}" (use ${FORMATS.join(', ')})`, 2);
      const failOn = options.failOn?.toLowerCase() as Severity | undefined;
      if (failOn !== undefined && !SEVERITIES.includes(failOn))
        throw new CliError(`unknown severity "${options.failOn}" (use ${SEVERITIES.join(', ')})`, 2);
      if (options.server) return scanOnServer(target, options, format, failOn);
      if (options.network !== undefined) throw new CliError('--network needs --server (a local scan reads files only)');
      if (isFile(target) && !/\.(sol|zip)$/i.test(target))
        throw new CliError(`${target}: not a Solidity file (give a .sol file, a folder or a .zip of them)`);
      // The analysis is loaded here, not with the command: `scan --server` does not need it.
      const [{ analyzeSources }, { readSources }, { createNodeModulesResolver, projectRoot }, { SourceInputError }] = await Promise.all([
        import('../../analysis/analyze.ts'),
        import('../../source-files/read-sources.ts'),
        import('../../source-files/node-modules-resolver.ts'),
        import('../../source-files/source-input-error.ts'),
      ]);
      const progress = progressLine();
      const read = await readSources(target, undefined, progress.update).catch((error: unknown) => {
        if (error instanceof SourceInputError) throw new CliError(error.message);
        throw error;
      });
      progress.done(read.sources.size);
      if (read.sources.size === 0) throw new CliError(`${target}: no .sol file found (other files are ignored)`);
      const result = analyzeSources(read.sources, {
        resolveImport: createNodeModulesResolver({ roots: [scanRoot(target), process.cwd(), projectRoot()] }),
      });
      // Text that declares no contract, interface or library is not Solidity: bad input.
      if (result.contracts.length === 0 && result.diagnostics.some((d) => d.kind === 'input')) {
        throw new CliError(
          `${target}: no Solidity contract, interface or library found${result.diagnostics.some((d) => d.kind === 'parse-error') ? ' (the text does not parse as Solidity)' : ''}`,
        );
      }
      const skipped = read.skipped.map((s) => ({ kind: 'input' as const, message: `skipped: ${s.reason}`, file: s.path }));
      const full = { ...result, diagnostics: [...skipped, ...result.diagnostics] };
      const report = await render(format, full, target);
      const failed = failOn !== undefined && result.findings.some((f) => severityRank(f.severity) <= severityRank(failOn));
      if (options.output) {
        try {
          writeFileSync(options.output, report);
        } catch (error) {
          throw new CliError(`cannot write ${options.output}: ${(error as Error).message}`);
        }
        // The report went to a file: say in one line what it holds and why the exit status is what it is.
        process.stderr.write(`${summaryLine(result.findings, read.sources.size, options.output, failed ? failOn : undefined)}\n`);
      } else process.stdout.write(report);
      if (failed) process.exitCode = EXIT.findings;
    });
}

/** Default of --timeout: a scan's longest stages take about a minute; a queue may wait longer. */
const REMOTE_TIMEOUT_S = 900;

async function scanOnServer(target: string, options: ScanOptions, format: Format, failOn: Severity | undefined): Promise<void> {
  const remote = await import('../remote-scan.ts');
  if (!options.apiKey) throw new CliError("--server needs an API key: --api-key KEY or SCOPEWARD_API_KEY (the dashboard's API keys page)");
  const seconds = Number(options.timeout ?? REMOTE_TIMEOUT_S);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new CliError(`--timeout ${options.timeout}: give a number of seconds above 0`);
  const server = remote.serverUrl(options.server!);
  const deps = {
    fetch: globalThis.fetch,
    now: Date.now,
    wait: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
    onStatus: statusLine(),
  };
  const settings = {
    server,
    apiKey: options.apiKey,
    target,
    network: options.network,
    timeoutMs: seconds * 1000,
    pollMs: remote.REMOTE_DEFAULTS.pollMs,
  };
  const detail = await remote.runRemoteScan(settings, deps);
  const report =
    format === 'json'
      ? `${JSON.stringify(detail, null, 2)}\n`
      : format === 'sarif' && detail.scan.status === 'done'
        ? await remote.fetchSarif(settings, deps, detail.scan.id)
        : remote.remoteText(detail, server);
  if (options.output) {
    try {
      writeFileSync(options.output, report);
    } catch (error) {
      throw new CliError(`cannot write ${options.output}: ${(error as Error).message}`);
    }
  } else process.stdout.write(report);
  if (detail.scan.status === 'failed') {
    if (options.output) process.stderr.write(`scopeward: the scan failed: ${detail.error?.message ?? 'no reason given'}\n`);
    process.exitCode = EXIT.failed;
    return;
  }
  const findings = remote.scanOutcome(detail).findings;
  const known = (s: string): s is Severity => (SEVERITIES as readonly string[]).includes(s);
  if (failOn !== undefined && findings.some((f) => known(f.severity) && severityRank(f.severity) <= severityRank(failOn)))
    process.exitCode = EXIT.findings;
}

/** "scan queued… running… done" on a terminal's stderr while the service works. */
function statusLine(): (status: string) => void {
  let last = '';
  return (status) => {
    if (status === last || !process.stderr.isTTY) return;
    last = status;
    process.stderr.write(`\rscan ${status}…   ${status === 'done' || status === 'failed' ? '\n' : ''}`);
  };
}

async function render(format: Format, result: ReturnType<typeof analyzeSources>, target: string): Promise<string> {
  if (format === 'json') return `${JSON.stringify(result, null, 2)}\n`;
  if (format === 'sarif') {
    const [{ toSarif }, { detectors }] = await Promise.all([
      import('../../analysis/report/sarif.ts'),
      import('../../analysis/detectors/index.ts'),
    ]);
    const prefix = relative(process.cwd(), scanRoot(target)).split(sep).join('/');
    return `${JSON.stringify(
      toSarif(
        result.findings,
        detectors.map((d) => d.meta),
        { toolVersion: packageVersion(), pathPrefix: prefix && !prefix.startsWith('..') ? `${prefix}/` : '' },
      ),
      null,
      2,
    )}\n`;
  }
  const { toText } = await import('../../analysis/report/text-report.ts');
  return toText(result, { title: `scopeward scan ${target}` });
}

/** "scopeward: 3 findings (1 high, 2 low) in 2 files → out.sarif; exit 1: a finding at or above high". */
export function summaryLine(
  findings: readonly { severity: Severity }[],
  files: number,
  output: string,
  failedOn: Severity | undefined,
): string {
  const counts = SEVERITIES.map((s) => [s, findings.filter((f) => f.severity === s).length] as const).filter(([, n]) => n > 0);
  const what =
    findings.length === 0
      ? 'no findings'
      : `${findings.length} finding${findings.length === 1 ? '' : 's'} (${counts.map(([s, n]) => `${n} ${s}`).join(', ')})`;
  return `scopeward: ${what} in ${files} file${files === 1 ? '' : 's'} written to ${output}${failedOn ? `; exit 1: a finding at or above ${failedOn}` : ''}`;
}

function isFile(target: string): boolean {
  try {
    return statSync(target).isFile();
  } catch {
    return false;
  }
}

/** The folder that paths in the report are relative to. */
function scanRoot(target: string): string {
  const abs = resolve(target);
  try {
    return statSync(abs).isDirectory() ? abs : dirname(abs);
  } catch {
    return dirname(abs);
  }
}

function progressLine(): { update: (n: number) => void; done: (n: number) => void } {
  const tty = process.stderr.isTTY === true;
  let shown = false;
  return {
    update(n: number) {
      if (n < PROGRESS_THRESHOLD) return;
      if (tty) {
        process.stderr.write(`\rreading Solidity files: ${n}`);
        shown = true;
      } else if (n % 500 === 0) {
        process.stderr.write(`reading Solidity files: ${n}\n`);
      }
    },
    done(n: number) {
      if (shown) process.stderr.write('\r');
      if (n >= PROGRESS_THRESHOLD) process.stderr.write(`analysing ${n} Solidity files…\n`);
    },
  };
}
