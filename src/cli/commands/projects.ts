/** `scopeward projects import|list|remove`: the project registry a scan's enrichment reads (issue 19). */
import { basename } from 'node:path';
import type { Command } from 'commander';
import { ProjectValidationError, projectAddress, projectNetwork, validateProjects } from '../../projects/project-record.ts';
import { ProjectFileError, detectProjectFileFormat, parseProjectFile, type ProjectFileFormat } from '../../projects/parse-project-file.ts';
import { listProjects, removeProject, upsertProjects } from '../../projects/project-repository.ts';
import { CliError, EXIT } from '../cli-error.ts';
import { readImportFile } from '../read-import-file.ts';
import { output, withStore } from '../with-store.ts';

const MAX_FILE_BYTES = 50 * 1024 * 1024;

export function register(program: Command): void {
  const projects = program
    .command('projects')
    .description("manage the project registry: a token's website, socials, logo and aggregator ids");

  projects
    .command('import <file>')
    .description(
      'import a JSON array of projects or a CSV file with the header network,address,website,logo,description,twitter,telegram,discord,reddit,facebook,github,medium,linkedin,bitcointalk,aggregatorAId,aggregatorBSlug,source (only network and address are required); one bad row imports nothing',
    )
    .option('--format <format>', 'json or csv (default: from the file name)')
    .option('--json', 'machine-readable output')
    .action(async (file: string, options: { format?: string; json?: boolean }) => {
      if (options.format !== undefined && options.format !== 'json' && options.format !== 'csv')
        throw new CliError('--format must be json or csv');
      const text = await readImportFile(file, MAX_FILE_BYTES);
      const format = (options.format as ProjectFileFormat | undefined) ?? detectProjectFileFormat(text, file);
      let valid;
      try {
        valid = validateProjects(parseProjectFile(text, format), basename(file));
      } catch (error) {
        if (error instanceof ProjectFileError) throw new CliError(`${file}: ${error.message}`);
        if (error instanceof ProjectValidationError) {
          if (options.json) process.stdout.write(`${JSON.stringify({ imported: 0, problems: error.problems }, null, 2)}\n`);
          throw new CliError(error.message);
        }
        throw error;
      }
      const result = await withStore((store) => upsertProjects(store.db, valid));
      output(options.json === true, result, () => `imported ${result.imported} project${result.imported === 1 ? '' : 's'}`);
    });

  projects
    .command('list')
    .description('list registered projects')
    .option('--network <symbol>', 'only this network')
    .option('--limit <n>', 'how many', '50')
    .option('--offset <n>', 'skip this many', '0')
    .option('--json', 'machine-readable output')
    .action(async (options: { network?: string; limit: string; offset: string; json?: boolean }) => {
      const limit = Number(options.limit);
      const offset = Number(options.offset);
      if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw new CliError('--limit must be a whole number from 1 to 10000');
      if (!Number.isInteger(offset) || offset < 0) throw new CliError('--offset must be a whole number ≥ 0');
      const network = options.network === undefined ? undefined : projectNetwork(options.network);
      if (options.network !== undefined && !network) throw new CliError(`unknown network: ${options.network}`);
      const page = await withStore((store) => listProjects(store.db, { network, limit, offset }));
      output(options.json === true, page, () =>
        [
          ...page.items.map((p) => `${p.network.padEnd(9)} ${p.address}  ${p.website || '-'}  (${p.source}, ${p.updatedAt})`),
          `${page.items.length} of ${page.total} projects`,
        ].join('\n'),
      );
    });

  projects
    .command('remove <network> <address>')
    .description('remove the project of a token')
    .option('--json', 'machine-readable output')
    .action(async (rawNetwork: string, rawAddress: string, options: { json?: boolean }) => {
      const network = projectNetwork(rawNetwork);
      if (!network) throw new CliError(`unknown network: ${rawNetwork}`);
      const address = projectAddress(network, rawAddress);
      if (!address) throw new CliError(`invalid address on ${network}: ${rawAddress}`);
      const removed = await withStore((store) => removeProject(store.db, network, address));
      output(options.json === true, { removed }, () => `removed ${removed} project${removed === 1 ? '' : 's'}`);
      if (removed === 0) process.exitCode = EXIT.failed;
    });
}
