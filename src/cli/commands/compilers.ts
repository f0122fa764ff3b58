/**
 * `scopeward compilers list`: the solc versions source scans can use;
 * `scopeward compilers add VERSION`: install one more from the npm registry.
 */
import type { Command } from 'commander';
import { CliError } from '../cli-error.ts';

export function register(program: Command): void {
  const compilers = program.command('compilers').description('solc versions for source scans');
  compilers
    .command('list')
    .description('the installed solc versions')
    .action(async () => {
      const { installedSolcVersions } = await import('../../compile/solc-versions.ts');
      for (const v of installedSolcVersions()) process.stdout.write(`${v.version}\t${v.packageName}\n`);
    });
  compilers
    .command('add <version>')
    .description('install a solc release from the npm registry, used next time a pragma asks for it')
    .action(async (version: string) => {
      const { addCompiler } = await import('../../compile/add-compiler.ts');
      const { CompileError } = await import('../../compile/compile-error.ts');
      try {
        const added = await addCompiler(version);
        process.stdout.write(`solc ${added.version} installed in ${added.packageName}\n`);
      } catch (error) {
        if (error instanceof CompileError) throw new CliError(error.message);
        throw error;
      }
    });
}
