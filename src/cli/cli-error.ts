/**
 * The command line's one exit-code convention (README "Command line"):
 *
 * - 0: done;
 * - 1: `scan --fail-on`: a finding at or above that severity (the command itself worked);
 * - 2: bad input: an argument, option, file, address or network the command cannot use,
 *      with a one-line reason naming it and the problem;
 * - 3: the command could not finish for a reason outside its input (a node, Redis or a
 *      port that does not answer, or a bug).
 */
export const EXIT = { done: 0, findings: 1, badInput: 2, failed: 3 } as const;

/** An expected failure of a command: printed as one line, with its exit code (bad input unless told). */
export class CliError extends Error {
  override readonly name = 'CliError';
  constructor(
    message: string,
    readonly exitCode: number = EXIT.badInput,
  ) {
    super(message);
  }
}

const READ_PROBLEMS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'it is a folder, not a file',
  ENOTDIR: 'a part of the path is not a folder',
  EMFILE: 'too many open files',
  ELOOP: 'too many symbolic links',
};

/** "cannot read FILE: the problem in words" for a failed file read (never a bare errno name). */
export function readError(file: string, error: unknown): CliError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const problem = (code && READ_PROBLEMS[code]) ?? (error instanceof Error ? error.message : String(error));
  return new CliError(`cannot read ${file}: ${problem}`, EXIT.badInput);
}
