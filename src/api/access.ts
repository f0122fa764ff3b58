/**
 * Who is calling: a valid API key (no limit), a signed-in dashboard session (its account's
 * access, as its keys: no keyless limit; issue 29), no key (rate-limited per client), or an
 * invalid key (refused with the operation's message). Used as an onRequest hook per route,
 * so a refused or limited caller is answered before its body is read.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { RateLimiter } from '../limits/rate-limiter.ts';
import { touchApiKey, type ApiKeyInfo, type ApiKeyVerifier } from '../keys/api-key-repository.ts';
import { HttpError } from './http-error.ts';
import { MESSAGES } from '../interface/messages.ts';
import { clientRateKey } from '../limits/client-key.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's API key, when a valid one was presented. */
    apiKey?: ApiKeyInfo;
    /** The account of the signed-in browser session a keyless call came with (the Apps pages). */
    signedInAccountId?: string;
  }
}

export interface AccessDeps {
  readonly db: Kysely<Database>;
  /** With `known`, a key it verified recently is admitted without waiting (cached-verifier). */
  readonly verifyApiKey: ApiKeyVerifier & { readonly known?: (presented: string) => ApiKeyInfo | undefined };
  readonly rateLimiter: RateLimiter;
  /** Counts a call made with a valid key (calls this month, in the dashboard). */
  readonly countCall?: (keyId: string) => void;
  /**
   * The account of a signed-in browser session the request carries (its cookie, and its
   * CSRF token on a state-changing call), if any: such a call gets the account's access
   * instead of the keyless budget. Asked only of keyless requests that send a cookie.
   */
  readonly signedInAccount?: (request: FastifyRequest) => Promise<string | undefined>;
}

export interface AccessPolicy {
  /** Rate-limit bucket: callers without a key get a separate budget per bucket. */
  readonly bucket: string;
  /** Whether a request without a key is refused (operation 2) or rate-limited (1 and 3). */
  readonly keyRequired: boolean;
  /** The error for a presented key that is not valid. */
  readonly invalidKey: () => HttpError;
  /** The error for a missing key when one is required. */
  readonly missingKey?: () => HttpError;
  /** The error once a keyless caller is over the limit (not needed when a key is required). */
  readonly tooManyRequests?: () => HttpError;
}

/** The presented key: one `x-api-key` header; a repeated header counts as invalid. */
function presentedKey(request: FastifyRequest): string | null | undefined {
  const raw = request.headers['x-api-key'];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') return null;
  const key = raw.trim();
  return key === '' ? undefined : key;
}

// A key's last use is written at most once a minute; remembering when this process last
// wrote it spares the database a no-op UPDATE on every call.
const TOUCH_INTERVAL_MS = 60_000;

/**
 * The routes' OpenAPI security requirements: the `x-api-key` scheme (app.ts) or, where a
 * keyless call is allowed, nothing. Documented this way rather than as a header in the
 * request schema, so no request pays for validating a header the gate reads anyway.
 */
export const KEY_OPTIONAL = [{ apiKey: [] }, {}];
export const KEY_REQUIRED = [{ apiKey: [] }];

export function createAccessGate(deps: AccessDeps) {
  const touched = new Map<string, number>();
  const touch = (request: FastifyRequest, id: string) => {
    const now = Date.now();
    if (now - (touched.get(id) ?? 0) < TOUCH_INTERVAL_MS) return;
    touched.set(id, now);
    // Bookkeeping only: a failure here must not fail the call.
    touchApiKey(deps.db, id).catch((error: unknown) => request.log.warn({ err: error }, 'could not record API key use'));
  };
  const admit = (request: FastifyRequest, found: ApiKeyInfo) => {
    request.apiKey = found;
    touch(request, found.id);
    deps.countCall?.(found.id);
  };
  // Run as an onRequest hook: the key check and the rate limit come before the body is read.
  return function gate(policy: AccessPolicy): AccessHook {
    const access = async (request: FastifyRequest, reply: FastifyReply) => {
      const key = presentedKey(request);
      if (key === null) throw policy.invalidKey();
      if (key !== undefined) {
        const found = await deps.verifyApiKey(key);
        if (!found) throw policy.invalidKey();
        admit(request, found);
        return;
      }
      if (policy.keyRequired) throw (policy.missingKey ?? policy.invalidKey)();
      if (deps.signedInAccount && request.headers.cookie !== undefined) {
        const account = await deps.signedInAccount(request);
        if (account !== undefined) {
          request.signedInAccountId = account;
          return;
        }
      }
      const decision = await deps.rateLimiter.consume(`${policy.bucket}:${clientRateKey(request.ip)}`);
      const headers = {
        'RateLimit-Limit': String(decision.limit),
        'RateLimit-Remaining': String(decision.remaining),
        'RateLimit-Reset': String(decision.resetSeconds),
        'RateLimit-Policy': `${decision.limit};w=60`,
      };
      if (!decision.allowed) {
        const error = policy.tooManyRequests?.() ?? new HttpError(429, MESSAGES.common.tooManyRequests);
        throw new HttpError(error.statusCode, error.message, error.extra, { ...headers, 'Retry-After': String(decision.resetSeconds) });
      }
      reply.headers(headers);
    };
    // The hot path, a key verified here within the last second, answers without a promise
    // (Fastify's callback form); everything else takes the async check. Awaiting the hook
    // without `done` (an admin guard) works either way.
    return function accessHook(request, reply, done) {
      const key = presentedKey(request);
      const known = key ? deps.verifyApiKey.known?.(key) : undefined;
      if (!known) return access(request, reply);
      admit(request, known);
      done?.();
      return undefined;
    };
  };
}

/** An onRequest hook that also works awaited: a promise, or `undefined` once `done` was called. */
export type AccessHook = (request: FastifyRequest, reply: FastifyReply, done?: (error?: Error) => void) => Promise<void> | undefined;

export type AccessGate = ReturnType<typeof createAccessGate>;
