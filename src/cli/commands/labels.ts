/** `scopeward labels import|list|remove|seed`: the address-label database Safescan and cyberscan read. */
import type { Command } from 'commander';
import { LabelValidationError, isLabelNetwork, validateLabels } from '../../labels/label-record.ts';
import { LabelFileError, detectLabelFileFormat, parseLabelFile } from '../../labels/parse-label-file.ts';
import { listLabels, removeLabels, upsertLabels } from '../../labels/label-repository.ts';
import { importSeeds } from '../../labels/seed-labels.ts';
import { isEvmAddress } from '../../interface/address.ts';
import { CliError, EXIT } from '../cli-error.ts';
import { addImportCommand, count, paging } from '../registry-command.ts';
import { output, withStore } from '../with-store.ts';

const MAX_FILE_BYTES = 200 * 1024 * 1024;

export function register(program: Command): void {
  const labels = program
    .command('labels')
    .description('manage the address labels (sanctioned, mixer, exchange, bridge, dex…) Safescan screens against');

  addImportCommand(
    labels,
    'import a JSON array of labels or a CSV file with the header address,network,label,category,source,listedOn; one bad row imports nothing',
    {
      noun: 'label',
      maxFileBytes: MAX_FILE_BYTES,
      detectFormat: detectLabelFileFormat,
      parse: parseLabelFile,
      FileError: LabelFileError,
      validate: (rows) => validateLabels(rows),
      ValidationError: LabelValidationError,
      upsert: upsertLabels,
    },
  );

  labels
    .command('seed')
    .description('import the shipped label lists (OFAC SDN addresses, DEX routers and lockers) whose source is not stored yet')
    .option('--json', 'machine-readable output')
    .action(async (options: { json?: boolean }) => {
      const imported = await withStore((store) => importSeeds(store.db));
      output(options.json === true, { imported }, () =>
        Object.keys(imported).length === 0
          ? 'every shipped list is already imported'
          : Object.entries(imported)
              .map(([name, n]) => `imported ${n} labels from ${name}`)
              .join('\n'),
      );
    });

  labels
    .command('list')
    .description('list stored labels')
    .option('--network <symbol>', 'only this network (or * for the all-network labels)')
    .option('--category <category>', 'only this category')
    .option('--limit <n>', 'how many', '50')
    .option('--offset <n>', 'skip this many', '0')
    .option('--json', 'machine-readable output')
    .action(async (options: { network?: string; category?: string; limit: string; offset: string; json?: boolean }) => {
      const { limit, offset } = paging(options);
      const page = await withStore((store) =>
        listLabels(store.db, { network: options.network?.toUpperCase(), category: options.category?.toLowerCase(), limit, offset }),
      );
      output(options.json === true, page, () =>
        [
          ...page.items.map(
            (l) => `${l.network.padEnd(9)} ${l.address}  ${l.category.padEnd(10)} ${l.label}  (${l.source}, ${l.listedOn})`,
          ),
          `${page.items.length} of ${page.total} labels`,
        ].join('\n'),
      );
    });

  labels
    .command('remove <address>')
    .description('remove the labels of an address')
    .option('--network <symbol>', 'only on this network (or *)')
    .option('--source <source>', 'only the label from this source')
    .option('--json', 'machine-readable output')
    .action(async (address: string, options: { network?: string; source?: string; json?: boolean }) => {
      if (!isEvmAddress(address)) throw new CliError(`invalid address: ${address}`);
      const network = options.network?.toUpperCase();
      if (network !== undefined && !isLabelNetwork(network)) throw new CliError(`unknown network: ${options.network}`);
      const removed = await withStore((store) => removeLabels(store.db, { address, network, source: options.source }));
      output(options.json === true, { removed }, () => `removed ${count(removed, 'label')}`);
      if (removed === 0) process.exitCode = EXIT.failed;
    });
}
