/**
 * What differs between running the TypeScript sources (through tsx) and the compiled
 * JavaScript (compiled/, see bin/compiled-output.js): the extension of a module named at
 * run time, and whether a child process or thread needs tsx to load it.
 */

/** True in compiled/: this very module was loaded as .js. */
export const RUNS_COMPILED = import.meta.url.endsWith('.js');

/**
 * The URL of a module given by its path in src/ (`./analysis-worker.ts`) relative to
 * `base` (the caller's import.meta.url): the .js beside it when running compiled.
 */
export function moduleUrl(path: string, base: string): URL {
  return new URL(RUNS_COMPILED ? path.replace(/\.ts$/, '.js') : path, base);
}

/**
 * Node options a child process needs to load the modules this process runs: tsx for the
 * sources (resolved here, not by the child, which may start in a user's folder where tsx
 * cannot be found), nothing for compiled JavaScript.
 */
export function loaderExecArgv(): string[] {
  return RUNS_COMPILED ? [] : ['--import', import.meta.resolve('tsx')];
}
