/**
 * `scopeward` command line. Each command lives in `commands/<name>.ts` and exports
 * `register(program)`; this file only wires them together and runs the parser.
 */
import { Command, CommanderError } from 'commander';
import { registerCommands } from './commands/index.ts';
import { CliError, EXIT } from './cli-error.ts';
import { packageVersion } from './package-version.ts';

const program = new Command()
  .name('scopeward')
  .description('Self-hostable smart-contract security service')
  .version(packageVersion(), '-V, --version', 'print the version')
  .showHelpAfterError()
  .enablePositionalOptions()
  // Commander's own errors (unknown option, missing argument) are bad input: exit 2, not
  // its default 1, which the convention keeps for findings. Help and version exit 0.
  .exitOverride((error) => {
    throw error.exitCode === 0 ? error : new CommanderError(EXIT.badInput, error.code, error.message);
  });

try {
  await registerCommands(program, process.argv);
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // Commander has printed its message (and the usage) already.
    process.exitCode = error.exitCode;
  } else {
    // Commands throw CliError for expected failures; anything else is a bug but still
    // gets a one-line message rather than a stack trace, unless DEBUG is set.
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`scopeward: ${message}\n`);
    if (process.env.DEBUG && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
    process.exitCode = error instanceof CliError ? error.exitCode : EXIT.failed;
  }
}
