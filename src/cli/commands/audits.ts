/** `scopeward audits import|add|remove|list`: the operator's audit registry. */
import type { Command } from 'commander';
import { AuditValidationError, validateAuditRecords } from '../../audits/audit-record.ts';
import { AuditFileError, detectAuditFileFormat, parseAuditFile } from '../../audits/parse-audit-file.ts';
import { listAudits, removeAudits, upsertAudits } from '../../audits/audit-repository.ts';
import { isEvmAddress } from '../../interface/address.ts';
import { CliError, EXIT } from '../cli-error.ts';
import { addImportCommand, count, importRows, paging, type RegistryFileImport } from '../registry-command.ts';
import type { AuditRecord } from '../../interface/schemas/audit-record.ts';
import { output, withStore } from '../with-store.ts';

const MAX_FILE_BYTES = 100 * 1024 * 1024;

const IMPORT: RegistryFileImport<AuditRecord> = {
  noun: 'audit record',
  maxFileBytes: MAX_FILE_BYTES,
  detectFormat: detectAuditFileFormat,
  parse: parseAuditFile,
  FileError: AuditFileError,
  validate: (rows) => validateAuditRecords(rows),
  ValidationError: AuditValidationError,
  upsert: upsertAudits,
};

export function register(program: Command): void {
  const audits = program.command('audits').description('manage the audit registry that the audit lookup (operation 1) answers from');

  addImportCommand(audits, 'import a JSON array of audit records or a CSV file with the same headers; one bad row imports nothing', IMPORT);

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
      await importRows(IMPORT, [row], undefined, o.json === true);
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
      output(options.json === true, { removed }, () => `removed ${count(removed, 'audit record')}`);
      if (removed === 0) process.exitCode = EXIT.failed;
    });

  audits
    .command('list')
    .description('list registered audits, latest first')
    .option('--network <symbol>', 'only this network')
    .option('--limit <n>', 'how many', '50')
    .option('--offset <n>', 'skip this many', '0')
    .option('--json', 'machine-readable output')
    .action(async (options: { network?: string; limit: string; offset: string; json?: boolean }) => {
      const { limit, offset } = paging(options);
      const page = await withStore((store) => listAudits(store.db, { network: options.network?.toUpperCase(), limit, offset }));
      output(options.json === true, page, () =>
        [
          ...page.items.map((a) => `${a.network.padEnd(9)} ${a.address}  ${a.slug}  ${a.finishedAt}  ${a.reportUrl}`),
          `${page.items.length} of ${page.total} audit records`,
        ].join('\n'),
      );
    });
}
