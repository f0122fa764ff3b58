/**
 * `scopeward similarity scan <files...>`: which reference sources Solidity files copy;
 * `scopeward similarity corpus build|list|add|remove`: the reference corpus.
 */
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { computeSimilarity } from '../../analysis/similarity/compute-similarity.ts';
import { SimilarityInputError } from '../../analysis/similarity/similarity-error.ts';
import { CorpusError } from '../../corpus/corpus-error.ts';
import { createStoredCorpusService, type CorpusService } from '../../corpus/corpus-service.ts';
import { CliError, readError } from '../cli-error.ts';
import { output, withStore } from '../with-store.ts';

const MAX_FILE_BYTES = 4 * 1024 * 1024;

export async function readSourceFile(file: string): Promise<string> {
  try {
    const buffer = await readFile(file);
    if (buffer.length > MAX_FILE_BYTES) throw new CliError(`${file} is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB`);
    return buffer.toString('utf8');
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw readError(file, error);
  }
}

async function withCorpus<T>(run: (corpus: CorpusService) => Promise<T>): Promise<T> {
  return withStore(async (store) => {
    const corpus = createStoredCorpusService(store);
    await corpus.build();
    return run(corpus);
  });
}

export function register(program: Command): void {
  const similarity = program.command('similarity').description('Similarityscan: compare Solidity with the reference corpus');

  similarity
    .command('scan <files...>')
    .description("report the reference files each contract copies (the API's {ranks, contracts})")
    .option('--min-score <score>', 'leave out matches below this score, 0 to 1', '0.1')
    .option('--json', 'machine-readable output')
    .action(async (files: string[], options: { minScore: string; json?: boolean }) => {
      const minScore = Number(options.minScore);
      if (!(minScore >= 0 && minScore <= 1)) throw new CliError('--min-score must be a number from 0 to 1');
      const sources: Record<string, string> = {};
      for (const file of files) sources[file] = await readSourceFile(file);
      const result = await withCorpus(async (corpus) => {
        try {
          return computeSimilarity(await corpus.index(), sources, { minScore });
        } catch (error) {
          if (error instanceof SimilarityInputError) throw new CliError(error.message, 2);
          throw error;
        }
      });
      const { source: _source, ...shown } = result;
      output(options.json === true, shown, () =>
        [
          'contracts:',
          ...result.contracts.map((c) => `  ${c.name}  ${(c.score * 100).toFixed(1)}%  ${c.origin}  ${c.file}  [${c.start}, ${c.end})`),
          'reference files:',
          ...result.ranks.map((r) => `  ${(r.score * 100).toFixed(1)}%  ${r.origin}  ${r.file}`),
        ].join('\n'),
      );
    });

  const corpus = similarity.command('corpus').description('the reference corpus (built from installed packages, plus operator sources)');

  corpus
    .command('build')
    .description('fingerprint new or changed reference files (the server also does this at start)')
    .option('--json', 'machine-readable output')
    .action(async (options: { json?: boolean }) => {
      const report = await withStore(async (store) => {
        const { index: _index, ...rest } = await createStoredCorpusService(store).build();
        return rest;
      });
      output(options.json === true, report, () =>
        [
          `${report.documents} documents, ${report.fingerprinted} fingerprinted now (${Math.round(report.elapsedMs)} ms)`,
          ...report.packages.map(
            (p) => `  ${p.package}@${p.version}: ${p.files} files, ${p.fingerprinted} new or changed, ${p.removed} removed`,
          ),
          ...report.missing.map((m) => `  ${m}: not installed`),
        ].join('\n'),
      );
    });

  corpus
    .command('list')
    .description('list the corpus documents')
    .option('--json', 'machine-readable output')
    .action(async (options: { json?: boolean }) => {
      const docs = await withCorpus((c) => c.list());
      output(options.json === true, docs, () => docs.map((d) => `${d.origin}\t${d.kind}\t${d.file}`).join('\n'));
    });

  corpus
    .command('add <file>')
    .description('add (or replace) a reference source under a label, e.g. a known scam template')
    .requiredOption('--label <label>', 'name shown as `file` in results')
    .requiredOption('--origin <origin>', 'shown as `origin`, e.g. scam-template')
    .option('--json', 'machine-readable output')
    .action(async (file: string, options: { label: string; origin: string; json?: boolean }) => {
      const content = await readSourceFile(file);
      const doc = await withCorpus(async (c) => {
        try {
          return await c.addReference({ label: options.label, origin: options.origin, content });
        } catch (error) {
          if (error instanceof CorpusError) throw new CliError(error.message, 2);
          throw error;
        }
      });
      const { fingerprints, ...shown } = doc;
      output(
        options.json === true,
        { ...shown, fingerprints: fingerprints.length },
        () => `added ${doc.file} (${doc.origin}), ${fingerprints.length} fingerprints`,
      );
    });

  corpus
    .command('remove <label>')
    .description('remove an operator-added reference source')
    .option('--json', 'machine-readable output')
    .action(async (label: string, options: { json?: boolean }) => {
      const removed = await withCorpus(async (c) => {
        try {
          return await c.removeReference(label);
        } catch (error) {
          if (error instanceof CorpusError) throw new CliError(error.message, 2);
          throw error;
        }
      });
      if (!removed) throw new CliError(`no operator source labelled ${label}`);
      output(options.json === true, { removed }, () => `removed ${label}`);
    });
}
