/**
 * Warnings about a dependency that is down (Redis, the database), at most one log line per
 * dependency per interval. A Redis that refuses connections makes every connection report
 * each reconnect attempt, several a second; one line with the count of the ones held back
 * says as much without flooding the log. A dependency that answers again is logged once.
 */

export interface WarningLog {
  warn(fields: object, message: string): void;
  info(fields: object, message: string): void;
}

export interface DependencyWarnings {
  /** Records a failure of `dependency`; logs it unless one was logged within the interval. */
  failed(dependency: string, error: unknown): void;
  /** The dependency answers again: logs it once (with what was held back) if it had failed. */
  recovered(dependency: string): void;
  /** The last failure of `dependency` while it is down, for /readyz; undefined when it is up. */
  lastFailure(dependency: string): string | undefined;
}

export interface DependencyWarningsOptions {
  readonly log: WarningLog;
  /** Milliseconds between two lines about one dependency; default 30 s. */
  readonly intervalMs?: number;
  readonly now?: () => number;
}

interface State {
  loggedAt: number;
  suppressed: number;
  since: number;
  lastError: string;
}

export function createDependencyWarnings(options: DependencyWarningsOptions): DependencyWarnings {
  const intervalMs = options.intervalMs ?? 30_000;
  const now = options.now ?? Date.now;
  const down = new Map<string, State>();

  return {
    failed(dependency, error) {
      const message = describe(error);
      const at = now();
      const state = down.get(dependency);
      if (!state) {
        down.set(dependency, { loggedAt: at, suppressed: 0, since: at, lastError: message });
        options.log.warn({ dependency, err: message }, `${dependency} unavailable`);
        return;
      }
      state.lastError = message;
      if (at - state.loggedAt < intervalMs) {
        state.suppressed++;
        return;
      }
      options.log.warn(
        { dependency, err: message, suppressed: state.suppressed, downForMs: at - state.since },
        `${dependency} still unavailable`,
      );
      state.loggedAt = at;
      state.suppressed = 0;
    },
    recovered(dependency) {
      const state = down.get(dependency);
      if (!state) return;
      down.delete(dependency);
      options.log.info({ dependency, suppressed: state.suppressed, downForMs: now() - state.since }, `${dependency} available again`);
    },
    lastFailure(dependency) {
      return down.get(dependency)?.lastError;
    },
  };
}

function describe(error: unknown): string {
  if (error instanceof AggregateError && error.errors[0] instanceof Error) return error.errors[0].message;
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
