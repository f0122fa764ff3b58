/** The explicit list of CLI commands (one line per command file). */
import type { Command } from 'commander';

type Register = (program: Command) => void;

const commands: Register[] = [];

export function registerCommands(program: Command): void {
  for (const register of commands) register(program);
}
