/**
 * What every JSON-RPC endpoint of the embedded networks (`/rpc`, `/rpc/solana`) checks
 * about its caller before a request reaches a node: the Host it was sent to (a browser
 * page on another site must not reach a workstation's devnet through DNS rebinding), the
 * API key, the caller's rights, and a per-client budget in which every item of a batch
 * counts as one call.
 */
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import type { ApiKeyVerifier } from '../../keys/api-key-repository.ts';
import type { RateLimiter } from '../../limits/rate-limiter.ts';
import { clientRateKey } from '../../limits/client-key.ts';
import {
  callerRights,
  isAllowedRpcHost,
  isLoopback,
  rpcError,
  RPC_POLICY_ERRORS,
  type CallerRights,
  type DevnetRpcMode,
} from '../../devnet/rpc-policy.ts';

/** The header carrying the per-process token of the service's own readers. */
export const INTERNAL_RPC_HEADER = 'x-scopeward-internal';

export interface RpcGateDeps {
  readonly mode?: DevnetRpcMode;
  /** Whether the service listens on loopback only (then loopback clients are privileged). */
  readonly loopbackHost?: boolean;
  /** Checks an `x-api-key`; admin-scoped keys are privileged. */
  readonly verifyApiKey?: ApiKeyVerifier;
  /** Budget of calls of outside callers; privileged callers are not counted. */
  readonly rateLimiter?: RateLimiter;
  /** The per-process token the service's own readers send in INTERNAL_RPC_HEADER. */
  readonly internalToken?: string;
  /**
   * Host names (without port) the endpoint answers besides loopback names, when the
   * service listens on loopback. Unset on a public HOST: any Host is answered there.
   */
  readonly allowedHosts?: readonly string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    rpcRights?: CallerRights;
  }
}

function sameToken(given: unknown, expected: string | undefined): boolean {
  if (!expected || typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function send(reply: FastifyReply, status: number, body: object): FastifyReply {
  return reply.code(status).type('application/json').send(body);
}

/** The onRequest hook: settles the caller's rights and charges one call, before the body is read. */
export function rpcCallerGate(deps: RpcGateDeps): onRequestHookHandler {
  const loopbackHost = deps.loopbackHost ?? true;
  return async (request, reply) => {
    if (!isAllowedRpcHost(request.headers.host, loopbackHost, deps.allowedHosts)) {
      return send(
        reply,
        403,
        rpcError(null, RPC_POLICY_ERRORS.notAllowed, 'Host not allowed: this endpoint answers requests sent to its loopback address'),
      );
    }
    const rawKey = request.headers['x-api-key'];
    let adminKey = false;
    if (rawKey !== undefined) {
      const found = typeof rawKey === 'string' && deps.verifyApiKey ? await deps.verifyApiKey(rawKey.trim()) : undefined;
      if (!found) return send(reply, 403, rpcError(null, RPC_POLICY_ERRORS.notAllowed, 'Invalid API key'));
      adminKey = found.scope === 'admin';
    }
    const rights = callerRights({
      mode: deps.mode ?? 'local',
      loopbackHost,
      loopbackClient: isLoopback(request.ip),
      adminKey,
      internal: sameToken(request.headers[INTERNAL_RPC_HEADER], deps.internalToken),
    });
    request.rpcRights = rights;
    if (rights.privileged || !deps.rateLimiter) return;
    return charge(request, reply, deps.rateLimiter, 1);
  };
}

/**
 * Charges `count` further calls to the caller (a batch's items beyond the first, once the
 * body is read). Answers 429 and returns the reply when the budget is spent; undefined
 * when the request may proceed.
 */
export async function chargeBatchItems(
  request: FastifyRequest,
  reply: FastifyReply,
  rateLimiter: RateLimiter | undefined,
  count: number,
): Promise<FastifyReply | undefined> {
  if (count <= 0 || !rateLimiter || request.rpcRights?.privileged) return undefined;
  return charge(request, reply, rateLimiter, count);
}

async function charge(
  request: FastifyRequest,
  reply: FastifyReply,
  rateLimiter: RateLimiter,
  count: number,
): Promise<FastifyReply | undefined> {
  const decision = await rateLimiter.consume(`rpc:${clientRateKey(request.ip)}`, count);
  reply.headers({
    'RateLimit-Limit': String(decision.limit),
    'RateLimit-Remaining': String(decision.remaining),
    'RateLimit-Reset': String(decision.resetSeconds),
  });
  if (decision.allowed) return undefined;
  return send(
    reply.header('Retry-After', String(decision.resetSeconds)),
    429,
    rpcError(null, RPC_POLICY_ERRORS.rateLimited, 'Too many requests'),
  );
}
