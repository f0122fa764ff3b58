/**
 * POST /rpc: the embedded devnet's JSON-RPC endpoint on the service's own port, so
 * wallets, scripts and the scan readers talk to it as to any node. Who may call what is
 * the devnet RPC policy (src/devnet/rpc-policy.ts): reads for anyone, rate-limited and
 * capped; state-changing and debug methods only for privileged callers. The caller's
 * rights and the rate limit are settled in `onRequest`, before the body is read.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import type { ApiKeyVerifier } from '../../keys/api-key-repository.ts';
import type { RateLimiter } from '../../limits/rate-limiter.ts';
import {
  callerRights,
  guardedRequest,
  isLoopback,
  rpcError,
  RPC_POLICY_ERRORS,
  DEFAULT_RPC_LIMITS,
  type CallerRights,
  type DevnetRpcMode,
  type RpcLimits,
} from '../../devnet/rpc-policy.ts';

/** The header carrying the per-process token of the service's own readers. */
export const INTERNAL_RPC_HEADER = 'x-scopeward-internal';

export interface DevnetRpcDeps {
  /** Answers a JSON-RPC request object or batch as a node would. */
  readonly request: (payload: unknown) => Promise<unknown>;
  readonly mode?: DevnetRpcMode;
  /** Whether the service listens on loopback only (then loopback clients are privileged). */
  readonly loopbackHost?: boolean;
  /** Checks an `x-api-key`; admin-scoped keys are privileged. */
  readonly verifyApiKey?: ApiKeyVerifier;
  /** Budget of calls of outside callers; privileged callers are not counted. */
  readonly rateLimiter?: RateLimiter;
  /** The per-process token the service's own readers send in INTERNAL_RPC_HEADER. */
  readonly internalToken?: string;
  readonly limits?: RpcLimits;
}

declare module 'fastify' {
  interface FastifyRequest {
    devnetRights?: CallerRights;
  }
}

function sameToken(given: unknown, expected: string | undefined): boolean {
  if (!expected || typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const devnetRpcRoutes: FastifyPluginAsync<DevnetRpcDeps> = async (app, deps) => {
  const mode = deps.mode ?? 'local';
  const limits = deps.limits ?? DEFAULT_RPC_LIMITS;

  async function rightsOf(request: FastifyRequest): Promise<CallerRights | 'invalid-key'> {
    const rawKey = request.headers['x-api-key'];
    let adminKey = false;
    if (rawKey !== undefined) {
      if (typeof rawKey !== 'string' || !deps.verifyApiKey) return 'invalid-key';
      const found = await deps.verifyApiKey(rawKey.trim());
      if (!found) return 'invalid-key';
      adminKey = found.scope === 'admin';
    }
    return callerRights({
      mode,
      loopbackHost: deps.loopbackHost ?? true,
      loopbackClient: isLoopback(request.ip),
      adminKey,
      internal: sameToken(request.headers[INTERNAL_RPC_HEADER], deps.internalToken),
    });
  }

  app.post(
    '/rpc',
    {
      schema: {
        summary: 'JSON-RPC endpoint of the embedded devnet (network LOCAL, chain id 31337)',
        description:
          'Reads for anyone (rate-limited; eth_call, eth_estimateGas and traces gas-capped). State-changing, signing and debug/cheat methods only from loopback or with an admin API key, unless the operator set DEVNET_RPC=open.',
        tags: ['devnet'],
        body: { type: ['object', 'array'] },
      },
      // Rights and budget before the body is read: a refused caller costs no parsing.
      onRequest: async (request, reply) => {
        const rights = await rightsOf(request);
        if (rights === 'invalid-key') {
          return reply
            .code(403)
            .type('application/json')
            .send(rpcError(null, RPC_POLICY_ERRORS.notAllowed, 'Invalid API key'));
        }
        request.devnetRights = rights;
        if (rights.privileged || !deps.rateLimiter) return;
        const decision = await deps.rateLimiter.consume(`rpc:${request.ip}`);
        reply.headers({
          'RateLimit-Limit': String(decision.limit),
          'RateLimit-Remaining': String(decision.remaining),
          'RateLimit-Reset': String(decision.resetSeconds),
        });
        if (!decision.allowed) {
          return reply
            .code(429)
            .header('Retry-After', String(decision.resetSeconds))
            .type('application/json')
            .send(rpcError(null, RPC_POLICY_ERRORS.rateLimited, 'Too many requests'));
        }
      },
    },
    async (request, reply) => {
      const rights = request.devnetRights ?? { privileged: false };
      const answer = await guardedRequest(request.body, rights, deps.request, limits);
      return reply.type('application/json').send(JSON.stringify(answer));
    },
  );
};
