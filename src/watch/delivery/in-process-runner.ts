/**
 * Delivery attempts in this process (no Redis): a bounded number at once, so a slow
 * receiver holds one slot for at most its time limit and never the rest; a poll of the
 * database every `pollMs` finds deliveries whose retry is due (and any a stopped process
 * left behind). With PostgreSQL, several replicas poll the same table safely: the claim
 * decides who sends.
 */
import type { DeliveryEngine } from './delivery-engine.ts';
import type { DeliveryRunner, RunnerErrorSink } from './delivery-runner.ts';

export interface InProcessRunnerOptions {
  /** Attempts at once; default 8. */
  readonly concurrency?: number;
  /** How often due deliveries are looked for; default 1 s. */
  readonly pollMs?: number;
  readonly onError: RunnerErrorSink;
}

export function createInProcessRunner(engine: DeliveryEngine, options: InProcessRunnerOptions): DeliveryRunner & { idle(): Promise<void> } {
  const concurrency = options.concurrency ?? 8;
  const ready: string[] = [];
  const running = new Map<string, Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;
  const fail = (error: unknown) => options.onError(error instanceof Error ? error : new Error(String(error)));

  function pump(): void {
    while (!closed && running.size < concurrency && ready.length > 0) {
      const id = ready.shift()!;
      if (running.has(id)) continue;
      const attempt = engine
        .attempt(id)
        .then(
          () => undefined,
          (error: unknown) => fail(error),
        )
        .finally(() => {
          running.delete(id);
          pump();
        });
      running.set(id, attempt);
    }
  }

  function push(id: string): void {
    if (!running.has(id) && !ready.includes(id)) ready.push(id);
    pump();
  }

  let polling = false;
  async function poll(): Promise<void> {
    if (polling || closed) return;
    polling = true;
    try {
      for (const due of await engine.repository.due(engine.now().toISOString(), 100)) push(due.id);
    } catch (error) {
      fail(error);
    } finally {
      polling = false;
    }
  }
  const interval = setInterval(() => void poll(), options.pollMs ?? 1_000);
  interval.unref();

  return {
    schedule(id, _claims, at) {
      const wait = Date.parse(at) - engine.now().getTime();
      if (wait <= 0) return push(id);
      const timer = setTimeout(() => {
        timers.delete(timer);
        push(id);
      }, wait);
      timer.unref();
      timers.add(timer);
    },
    /** Resolves when nothing is running or waiting to run (tests). */
    async idle() {
      while (running.size > 0 || ready.length > 0) await Promise.all(running.values());
    },
    async close() {
      closed = true;
      clearInterval(interval);
      for (const timer of timers) clearTimeout(timer);
      await Promise.all(running.values());
    },
  };
}
