/**
 * The explicit list of CLI commands. Each command file is loaded only when its command
 * runs (or for help), so `scopeward keys list` does not load the EVM, the compiler and
 * the parser that other commands need.
 */
import type { Command } from 'commander';

type CommandModule = { register: (program: Command) => void };

const COMMANDS: Readonly<Record<string, () => Promise<CommandModule>>> = {
  serve: () => import('./serve.ts'),
  worker: () => import('./worker.ts'),
  audits: () => import('./audits.ts'),
  labels: () => import('./labels.ts'),
  projects: () => import('./projects.ts'),
  keys: () => import('./keys.ts'),
  users: () => import('./users.ts'),
  scan: () => import('./scan.ts'),
  simulate: () => import('./simulate.ts'),
  chain: () => import('./chain.ts'),
  devnet: () => import('./devnet.ts'),
  similarity: () => import('./similarity.ts'),
  signatures: () => import('./signatures.ts'),
  compilers: () => import('./compilers.ts'),
  vouchers: () => import('./vouchers.ts'),
  requests: () => import('./requests.ts'),
};

export const COMMAND_NAMES = Object.keys(COMMANDS);

/** Registers the command named in `argv` (the word after the program), or all of them. */
export async function registerCommands(program: Command, argv: readonly string[]): Promise<void> {
  const name = argv[2];
  const wanted = name !== undefined && name in COMMANDS ? [name] : COMMAND_NAMES;
  const modules = await Promise.all(wanted.map((n) => COMMANDS[n]!()));
  for (const module of modules) module.register(program);
}
