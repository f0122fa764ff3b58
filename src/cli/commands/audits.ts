/** `scopeward audits import|add|remove|list`: the operator's audit registry. */
import type { Command } from 'commander';
import { AuditValidationError, validateAuditRecords } from '../../audits/audit-record.ts';
import { AuditFileError, detectAuditFileFormat, parseAuditFile, type AuditFileFormat } from '../../audits/parse-audit-file.ts';
import { listAudits, removeAudits, upsertAudits } from '../../audits/audit-repository.ts';
import { isEvmAddress } from '../../spec/address.ts';
import { CliError } from '../cli-error.ts';
import { readImportFile } from '../read-import-file.ts';
import { output, withStore } from '../with-store.ts';

const MAX_FILE_BYTES = 100 * 1024 * 1024;

async function importRecords(rows: unknown[], json: boolean): Promise<void> {
  let records;
  try {
    records = validateAuditRecords(rows);
  } catch (error) {
    if (error instanceof AuditValidationError) {
      if (json) process.stdout.write(`${JSON.stringify({ imported: 0, problems: error.problems }, null, 2)}\n`);
      throw new CliError(error.message, 2);
    }
    throw error;
  }
  const result = await withStore((store) => upsertAudits(store.db, records));
  output(json, result, () => `imported ${result.imported} audit record${result.imported === 1 ? '' : 's'}`);
}

export function register(program: Command): void {
  const audits = program.command('audits').description('manage the audit registry that the audit lookup (operation 1) answers from');

  audits
    .command('import <file>')
    .description('import a JSON array of audit records or a CSV file with the same headers; one bad row imports nothing')
    .option('--format <format>', 'json or csv (default: from the file name)')
    .option('--json', 'machine-readable output')
    .action(async (file: string, options: { format?: string; json?: boolean }) => {
      if (options.format !== undefined && options.format !== 'json' && options.format !== 'csv')
        throw new CliError('--format must be json or csv');
      const text = await readImportFile(file, MAX_FILE_BYTES);
      const format = (options.format as AuditFileFormat | undefined) ?? detectAuditFileFormat(text, file);
      let rows: unknown[];
      try {
        rows = parseAuditFile(text, format);
      } catch (error) {
        if (error instanceof AuditFileError) throw new CliError(`${file}: ${error.message}`, 2);
        throw error;
      }
      await importRecords(rows, options.json === true);
    });

  audits
    .command('add')
    .description('add (or replace) one audit record')
    .requiredOption('--address <address>', 'contract address')
    .requiredOption('--network <symbol>', 'network symbol, e.g. BSC')
    .requiredOption('--slug <slug>', 'identifier of the audited project')
    .requiredOption('--name <name>', 'project name')
    .requiredOption('--report-url <url>', 'page of the report')
    .requiredOption('--report-file <url>', 'location of the report file')
    .option('--created-at <timestamp>', 'creation time of the audit (default: now)')
    .option('--finished-at <timestamp>', 'completion time (default: now)')
    .option('--json', 'machine-readable output')
    .action(async (o: Record<string, string | boolean | undefined>) => {
      const now = new Date().toISOString();
      const row = {
        slug: o.slug,
        name: o.name,
        createdAt: o.createdAt ?? now,
        reportFile: o.reportFile,
        reportUrl: o.reportUrl,
        finishedAt: o.finishedAt ?? now,
        address: o.address,
        network: o.network,
      };
      await importRecords([row], o.json === true);
    });

  audits
    .command('remove <address>')
    .description('remove the audits of an address')
    .option('--network <symbol>', 'network symbol', 'BSC')
    .option('--slug <slug>', 'only the audit with this slug')
    .option('--json', 'machine-readable output')
    .action(async (address: string, options: { network: string; slug?: string; json?: boolean }) => {
      if (!isEvmAddress(address)) throw new CliError(`invalid address: ${address}`);
      const removed = await withStore((store) =>
        removeAudits(store.db, { network: options.network.toUpperCase(), address, slug: options.slug }),
      );
      output(options.json === true, { removed }, () => `removed ${removed} audit record${removed === 1 ? '' : 's'}`);
      if (removed === 0) process.exitCode = 3;
    });

  audits
    .command('list')
    .description('list registered audits, latest first')
    .option('--network <symbol>', 'only this network')
    .option('--limit <n>', 'how many', '50')
    .option('--offset <n>', 'skip this many', '0')
    .option('--json', 'machine-readable output')
    .action(async (options: { network?: string; limit: string; offset: string; json?: boolean }) => {
      const limit = Number(options.limit);
      const offset = Number(options.offset);
      if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw new CliError('--limit must be a whole number from 1 to 10000');
      if (!Number.isInteger(offset) || offset < 0) throw new CliError('--offset must be a whole number ≥ 0');
      const page = await withStore((store) => listAudits(store.db, { network: options.network?.toUpperCase(), limit, offset }));
      output(options.json === true, page, () =>
        [
          ...page.items.map((a) => `${a.network.padEnd(9)} ${a.address}  ${a.slug}  ${a.finishedAt}  ${a.reportUrl}`),
          `${page.items.length} of ${page.total} audit records`,
        ].join('\n'),
      );
    });
}
