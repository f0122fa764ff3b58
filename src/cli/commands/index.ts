/**
 * The explicit list of CLI commands. Each command file is loaded only when its command
 * runs (or when its own help is asked for), so `scopeward keys list` does not load the
 * EVM, the compiler and the parser that other commands need. The top-level help, the
 * version and an unknown command's error load none of them: they are answered from the
 * summary kept here (a test checks it against what each file registers).
 */
import type { Command } from 'commander';

type CommandModule = { register: (program: Command) => void };

interface CommandEntry {
  /** How the top-level help shows the command: its name, `[options]` when it has any, its arguments. */
  readonly term: string;
  readonly description: string;
  readonly load: () => Promise<CommandModule>;
}

export const COMMANDS: Readonly<Record<string, CommandEntry>> = {
  serve: {
    term: 'serve [options]',
    description: 'run the HTTP API (embedded SQLite and in-memory limits unless DATABASE_URL / REDIS_URL are set)',
    load: () => import('./serve.ts'),
  },
  worker: {
    term: 'worker [options]',
    description: 'run scan jobs from the Redis queue (needs REDIS_URL); start one or more beside `scopeward serve`',
    load: () => import('./worker.ts'),
  },
  audits: {
    term: 'audits',
    description: 'manage the audit registry that the audit lookup (operation 1) answers from',
    load: () => import('./audits.ts'),
  },
  labels: {
    term: 'labels',
    description: 'manage the address labels (sanctioned, mixer, exchange, bridge, dex…) Safescan screens against',
    load: () => import('./labels.ts'),
  },
  projects: {
    term: 'projects',
    description: "manage the project registry: a token's website, socials, logo and aggregator ids",
    load: () => import('./projects.ts'),
  },
  keys: { term: 'keys', description: 'manage API keys (sent by clients in the x-api-key header)', load: () => import('./keys.ts') },
  users: {
    term: 'users',
    description: 'dashboard accounts (sign-up is the usual way; this is the operator’s)',
    load: () => import('./users.ts'),
  },
  scan: {
    term: 'scan [options] <target>',
    description:
      'analyse a .sol file, a folder or a .zip of Solidity sources; with --server, also an address or a URL, on a running service',
    load: () => import('./scan.ts'),
  },
  simulate: {
    term: 'simulate [options] [address]',
    description: 'simulate buy, transfer and sell of a token on a fork: taxes, gas, honeypot error and the evidence of each step',
    load: () => import('./simulate.ts'),
  },
  verify: {
    term: 'verify [options] <receipt>',
    description:
      'check a scan receipt: its signature (offline), then a replay of its calls; prints "reproduced" or the first step that differs',
    load: () => import('./verify.ts'),
  },
  'receipt-keys': {
    term: 'receipt-keys',
    description: 'the Ed25519 keys that sign scan receipts (/.well-known/scopeward-keys.json)',
    load: () => import('./receipt-keys.ts'),
  },
  chain: {
    term: 'chain [options] <address>',
    description: 'print what the chain readers know about an address (contract, proxy, pools, holders, lockers, creation, verified source)',
    load: () => import('./chain.ts'),
  },
  devnet: {
    term: 'devnet [options]',
    description: 'run the embedded EVM devnet (chain id 31337) with sample tokens over JSON-RPC on loopback',
    load: () => import('./devnet.ts'),
  },
  similarity: {
    term: 'similarity',
    description: 'Similarityscan: compare Solidity with the reference corpus',
    load: () => import('./similarity.ts'),
  },
  signatures: {
    term: 'signatures',
    description: 'Signaturescan: function, event and error signatures',
    load: () => import('./signatures.ts'),
  },
  compilers: { term: 'compilers', description: 'solc versions for source scans', load: () => import('./compilers.ts') },
  vouchers: { term: 'vouchers', description: 'audit vouchers: issue, list, revoke', load: () => import('./vouchers.ts') },
  requests: {
    term: 'requests',
    description: 'requests for the operator’s offers (Services page)',
    load: () => import('./requests.ts'),
  },
};

export const COMMAND_NAMES = Object.keys(COMMANDS);

/** The command `argv` runs or asks help for (`scopeward scan …`, `scopeward help scan`), if it names one. */
export function commandNamed(argv: readonly string[]): string | undefined {
  const word = argv[2] === 'help' ? argv[3] : argv[2];
  return word !== undefined && Object.hasOwn(COMMANDS, word) ? word : undefined;
}

/**
 * Registers the command `argv` names, loading its file; otherwise (top-level help,
 * --version, an unknown command) a summary of every command without loading any.
 */
export async function registerCommands(program: Command, argv: readonly string[]): Promise<void> {
  const name = commandNamed(argv);
  if (name !== undefined) {
    (await COMMANDS[name]!.load()).register(program);
    return;
  }
  for (const [commandName, entry] of Object.entries(COMMANDS)) program.command(commandName).description(entry.description);
  const standard = program.createHelp();
  program.configureHelp({ subcommandTerm: (command) => COMMANDS[command.name()]?.term ?? standard.subcommandTerm(command) });
}
