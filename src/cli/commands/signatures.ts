/**
 * `scopeward signatures lookup|import|extract|selectors`: the Signaturescan database,
 * signature extraction from Solidity and selector extraction from bytecode.
 */
import type { Command } from 'commander';
import { BytecodeError } from '../../analysis/bytecode/bytecode-error.ts';
import { classifyBytecodeCapabilities } from '../../analysis/bytecode/classify-capabilities.ts';
import { analyzeBytecode } from '../../analysis/bytecode/extract-selectors.ts';
import { createStoredCorpusService } from '../../corpus/corpus-service.ts';
import { extractSignatures, type SignatureKind } from '../../signatures/extract-signatures.ts';
import type { SignatureDatabase } from '../../signatures/signature-database.ts';
import { SignatureDumpError, SignatureQueryError } from '../../signatures/signature-errors.ts';
import { CliError } from '../cli-error.ts';
import { output, withStore } from '../with-store.ts';
import { readSourceFile } from './similarity.ts';

const KINDS = new Set(['function', 'event', 'error']);

/** The signature database over the configured store, with the corpus's signatures in it. */
async function withSignatures<T>(run: (db: SignatureDatabase) => Promise<T>): Promise<T> {
  return withStore(async (store) => {
    const corpus = createStoredCorpusService(store);
    await corpus.build();
    return run(corpus.signatures);
  });
}

export function register(program: Command): void {
  const signatures = program.command('signatures').description('Signaturescan: function, event and error signatures');

  signatures
    .command('lookup <q>')
    .description('look up a text signature, a 4-byte selector or a 32-byte topic')
    .option('--json', 'machine-readable output')
    .action(async (q: string, options: { json?: boolean }) => {
      const records = await withSignatures(async (db) => {
        try {
          return await db.lookup(q);
        } catch (error) {
          if (error instanceof SignatureQueryError) throw new CliError(error.message, 2);
          throw error;
        }
      });
      output(options.json === true, records, () =>
        records.length === 0
          ? 'not found'
          : records.map((r) => `${r.hash}  ${r.name}  [${r.types.join(', ')}]  in ${r.total} contracts  ${r.signature}`).join('\n'),
      );
    });

  signatures
    .command('import <file>')
    .description('import a 4byte-style dump: one signature per line (optionally after its hash) or JSON [{hex_signature, text_signature}]')
    .option('--kind <kind>', 'kind of lines without a 32-byte hash: function, event or error', 'function')
    .option('--json', 'machine-readable output')
    .action(async (file: string, options: { kind: string; json?: boolean }) => {
      if (!KINDS.has(options.kind)) throw new CliError('--kind must be function, event or error');
      const text = await readSourceFile(file);
      const report = await withSignatures(async (db) => {
        try {
          return await db.importDump(text, options.kind as SignatureKind);
        } catch (error) {
          if (error instanceof SignatureDumpError) throw new CliError(`${file}: ${error.message}`, 2);
          throw error;
        }
      });
      output(options.json === true, report, () =>
        [
          `read ${report.read}, added ${report.added}, rejected ${report.rejected.length}`,
          ...report.rejected.slice(0, 20).map((r) => `  ${r.at}: ${r.reason}`),
        ].join('\n'),
      );
    });

  signatures
    .command('extract <files...>')
    .description('print the canonical signatures declared in Solidity files (no database)')
    .option('--json', 'machine-readable output')
    .action(async (files: string[], options: { json?: boolean }) => {
      const sources: Record<string, string> = {};
      for (const file of files) sources[file] = await readSourceFile(file);
      const result = extractSignatures(sources);
      output(options.json === true, result, () =>
        [
          ...result.contracts.flatMap((c) => [
            `${c.file}:${c.contract ?? '(file level)'}`,
            ...c.signatures.map((s) => `  ${s.kind.padEnd(8)} ${s.text}`),
          ]),
          ...result.unresolved.map((u) => `unresolved ${u.kind} ${u.name} in ${u.contract ?? u.file}: ${u.reason}`),
        ].join('\n'),
      );
    });

  signatures
    .command('selectors <bytecode>')
    .description('extract function selectors from runtime bytecode (hex, or @file with the hex), resolve them and list capabilities')
    .option('--json', 'machine-readable output')
    .action(async (bytecode: string, options: { json?: boolean }) => {
      const hex = bytecode.startsWith('@') ? await readSourceFile(bytecode.slice(1)) : bytecode;
      let analysis;
      try {
        analysis = analyzeBytecode(hex);
      } catch (error) {
        if (error instanceof BytecodeError) throw new CliError(error.message, 2);
        throw error;
      }
      const resolved = await withSignatures((db) => db.resolveSelectors(analysis.selectors));
      const functions = analysis.selectors.map((selector) => ({ selector, signatures: resolved.get(selector) ?? [] }));
      const findings = classifyBytecodeCapabilities(functions);
      output(options.json === true, { size: analysis.size, proxy: analysis.proxy, functions, findings }, () =>
        [
          `${analysis.size} bytes, ${analysis.selectors.length} selectors${analysis.proxy ? `, proxy ${JSON.stringify(analysis.proxy)}` : ''}`,
          ...functions.map((f) => `  ${f.selector}  ${f.signatures.join(' | ') || '(unknown)'}`),
          ...findings.map((f) => `${f.severity}: ${f.title}: ${f.signature}`),
        ].join('\n'),
      );
    });
}
