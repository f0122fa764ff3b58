/** `scopeward projects import|list|remove`: the project registry a scan's enrichment reads (issue 19). */
import { basename } from 'node:path';
import type { Command } from 'commander';
import { ProjectValidationError, projectAddress, projectNetwork, validateProjects } from '../../projects/project-record.ts';
import { ProjectFileError, detectProjectFileFormat, parseProjectFile } from '../../projects/parse-project-file.ts';
import { listProjects, removeProject, upsertProjects } from '../../projects/project-repository.ts';
import { CliError, EXIT } from '../cli-error.ts';
import { addImportCommand, count, paging } from '../registry-command.ts';
import { output, withStore } from '../with-store.ts';

const MAX_FILE_BYTES = 50 * 1024 * 1024;

export function register(program: Command): void {
  const projects = program
    .command('projects')
    .description("manage the project registry: a token's website, socials, logo and aggregator ids");

  addImportCommand(
    projects,
    'import a JSON array of projects or a CSV file with the header network,address,website,logo,description,twitter,telegram,discord,reddit,facebook,github,medium,linkedin,bitcointalk,aggregatorAId,aggregatorBSlug,source (only network and address are required); one bad row imports nothing',
    {
      noun: 'project',
      maxFileBytes: MAX_FILE_BYTES,
      detectFormat: detectProjectFileFormat,
      parse: parseProjectFile,
      FileError: ProjectFileError,
      // The file's name is the default source of its rows.
      validate: (rows, file) => validateProjects(rows, basename(file ?? '')),
      ValidationError: ProjectValidationError,
      upsert: upsertProjects,
    },
  );

  projects
    .command('list')
    .description('list registered projects')
    .option('--network <symbol>', 'only this network')
    .option('--limit <n>', 'how many', '50')
    .option('--offset <n>', 'skip this many', '0')
    .option('--json', 'machine-readable output')
    .action(async (options: { network?: string; limit: string; offset: string; json?: boolean }) => {
      const { limit, offset } = paging(options);
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
      output(options.json === true, { removed }, () => `removed ${count(removed, 'project')}`);
      if (removed === 0) process.exitCode = EXIT.failed;
    });
}
