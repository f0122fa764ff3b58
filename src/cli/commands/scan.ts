/**
 * `scopeward scan <file|folder|zip>`: static analysis of Solidity sources for CI and
 * terminals. Prints text, JSON (`{smartAudit, findings, …}`) or SARIF 2.1.0; with
 * `--fail-on <severity>` exits 1 when a finding is that severe or worse.
 */
import { writeFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import type { Command } from 'commander';
import { analyzeSources } from '../../analysis/analyze.ts';
import { detectors } from '../../analysis/detectors/index.ts';
import { SEVERITIES, severityRank, type Severity } from '../../analysis/findings.ts';
import { toSarif } from '../../analysis/report/sarif.ts';
import { toText } from '../../analysis/report/text-report.ts';
import { readSources } from '../../sources/read-sources.ts';
import { createNodeModulesResolver, projectRoot } from '../../sources/node-modules-resolver.ts';
import { SourceInputError } from '../../sources/source-input-error.ts';
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
}

export function register(program: Command): void {
  program
    .command('scan <target>')
    .description('analyse a .sol file, a folder or a .zip of Solidity sources')
    .option('--format <format>', `output format: ${FORMATS.join(', ')}`, 'text')
    .option('--json', 'same as --format json')
    .option('--fail-on <severity>', `exit with status 1 when a finding is at least this severe (${SEVERITIES.join(', ')})`)
    .option('-o, --output <file>', 'write the report to a file instead of stdout')
    .action(async (target: string, options: ScanOptions) => {
      const format = (options.json ? 'json' : options.format) as Format;
      if (!FORMATS.includes(format)) throw new CliError(`unknown format "${options.format}" (use ${FORMATS.join(', ')})`, 2);
      const failOn = options.failOn?.toLowerCase() as Severity | undefined;
      if (failOn !== undefined && !SEVERITIES.includes(failOn))
        throw new CliError(`unknown severity "${options.failOn}" (use ${SEVERITIES.join(', ')})`, 2);
      if (isFile(target) && !/\.(sol|zip)$/i.test(target))
        throw new CliError(`${target}: not a Solidity file (give a .sol file, a folder or a .zip of them)`);
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
      const report = render(format, full, target);
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

function render(format: Format, result: ReturnType<typeof analyzeSources>, target: string): string {
  if (format === 'json') return `${JSON.stringify(result, null, 2)}\n`;
  if (format === 'sarif') {
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
