/** The explicit list of CLI commands (one line per command file). */
import type { Command } from 'commander';

import { register as serve } from './serve.ts';
import { register as audits } from './audits.ts';
import { register as keys } from './keys.ts';
import { register as devnet } from './devnet.ts';
import { register as chain } from './chain.ts';
import { register as simulate } from './simulate.ts';
import { register as similarity } from './similarity.ts';
import { register as signatures } from './signatures.ts';
import { register as scan } from './scan.ts';
import { register as worker } from './worker.ts';

type Register = (program: Command) => void;

const commands: Register[] = [serve, audits, keys, devnet, chain, simulate, similarity, signatures, scan, worker];

export function registerCommands(program: Command): void {
  for (const register of commands) register(program);
}
