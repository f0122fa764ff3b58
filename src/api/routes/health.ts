/** Liveness and readiness probes for orchestrators and load balancers. */
import type { FastifyPluginAsync } from 'fastify';

export interface HealthDeps {
  /** Each check resolves when its dependency answers; the key names it in the report. */
  readonly checks: Readonly<Record<string, () => Promise<void>>>;
}

const CHECK_TIMEOUT_MS = 2000;

function withTimeout(check: () => Promise<void>): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
    check().then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export const healthRoutes: FastifyPluginAsync<HealthDeps> = async (app, deps) => {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const entries = await Promise.all(
      Object.entries(deps.checks).map(async ([name, check]) => {
        try {
          await withTimeout(check);
          return [name, 'ok'] as const;
        } catch (error) {
          return [name, (error as Error).message || 'failed'] as const;
        }
      }),
    );
    const ready = entries.every(([, state]) => state === 'ok');
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', checks: Object.fromEntries(entries) });
  });
};
