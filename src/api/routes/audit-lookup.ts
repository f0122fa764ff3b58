/**
 * Operation 1: GET /api/audits/search-by-address — is there an audit report for this
 * address? Statuses are ours (the spec leaves them open; docs/decisions/0007-operation-1-audit-lookup-statuses-and-ambiguous.md).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from '@sinclair/typebox';
import { AuditRecordSchema, MessageSchema, type AuditRecord } from '../../interface/schemas/audit-record.ts';
import { MESSAGES } from '../../interface/messages.ts';
import { EVM_ADDRESS_PATTERN } from '../../interface/address.ts';
import { chooseNetworkFrom, networksFor, type Network, type NetworkOptions } from '../../chain/networks.ts';
import type { AuditLookup } from '../../audits/audit-repository.ts';
import type { CachedAuditLookup } from '../../audits/audit-cache.ts';
import { HttpError } from '../http-error.ts';
import { type AccessGate, KEY_OPTIONAL } from '../access.ts';
import { chainIdTextEnum, refuseWith, symbolPattern } from '../validation.ts';

const M = MESSAGES.audits;

export interface AuditLookupDeps {
  /** With `peek` (the cached lookup), a cached answer is sent without a promise. */
  readonly findAudit: AuditLookup & { readonly peek?: CachedAuditLookup['peek'] };
  readonly gate: AccessGate;
  readonly networks: NetworkOptions;
}

export interface AuditLookupQuery {
  readonly address: string;
  readonly network: Network;
}

const DEFAULT_NETWORK = 'BSC';

/** The query once the schema accepted it: address, and network and/or chainId as text. */
interface ValidQuery {
  readonly address: string;
  readonly network?: string;
  readonly chainId?: string;
}

/** Resolves the validated query's network (the one network reading; both given must agree). */
export function resolveAuditLookupQuery(query: ValidQuery, options: NetworkOptions): AuditLookupQuery {
  const choice = chooseNetworkFrom('audits', { network: query.network, chainId: query.chainId }, 'query', DEFAULT_NETWORK, options);
  if ('invalid' in choice) throw new HttpError(400, choice.invalid === 'chainId' ? M.invalidChainId : M.invalidNetwork);
  return { address: query.address, network: choice.network };
}

/** The spec's order of checks: the address (absent, then malformed), the chain id, the network. */
const refuseAuditLookup = refuseWith([
  { field: 'address', missing: () => new HttpError(400, M.addressRequired), invalid: () => new HttpError(400, M.invalidAddress) },
  { field: 'chainId', invalid: () => new HttpError(400, M.invalidChainId) },
  { field: 'network', invalid: () => new HttpError(400, M.invalidNetwork) },
]);

const JSON_TYPE = 'application/json; charset=utf-8';

export const auditLookupRoutes: FastifyPluginAsyncTypebox<AuditLookupDeps> = async (app, deps) => {
  const bodies = new WeakMap<AuditRecord, string>();
  const symbols = networksFor('audits', deps.networks).map((n) => n.symbol);
  const chainIds = networksFor('audits', deps.networks).flatMap((n) => (n.chainId === null ? [] : [n.chainId]));

  app.get(
    '/api/audits/search-by-address',
    {
      schema: {
        summary: 'Audit lookup by address',
        description: 'Reports whether an audit assessment exists for a contract address. Without a key: 5 calls a minute per client.',
        tags: ['audits'],
        security: KEY_OPTIONAL,
        querystring: Type.Object({
          address: Type.String({
            minLength: 1,
            pattern: EVM_ADDRESS_PATTERN,
            description: 'EVM contract address (any letter case)',
            examples: ['0x55d398326f99059fF775485246999027B3197955'],
          }),
          chainId: Type.Optional(
            Type.String({ enum: chainIdTextEnum(chainIds), description: 'decimal chain id; use either network or chainId' }),
          ),
          network: Type.Optional(
            Type.String({
              pattern: symbolPattern(symbols),
              description: `network symbol (any letter case: ${symbols.join(', ')}; default ${DEFAULT_NETWORK}); use either network or chainId`,
            }),
          ),
        }),
        response: {
          200: AuditRecordSchema,
          400: MessageSchema,
          403: MessageSchema,
          404: MessageSchema,
          429: MessageSchema,
          500: MessageSchema,
        },
      },
      schemaErrorFormatter: refuseAuditLookup,
      config: { internalError: () => new HttpError(500, M.internal) },
      onRequest: deps.gate({
        bucket: 'audits',
        keyRequired: false,
        invalidKey: () => new HttpError(403, M.invalidApiKey),
        tooManyRequests: () => new HttpError(429, MESSAGES.common.tooManyRequests),
      }),
    },
    (request, reply) => {
      const query = resolveAuditLookupQuery(request.query, deps.networks);
      const lookup = { network: query.network.symbol, address: query.address };
      // The hot path: a cached answer is sent at once (a thrown 404 reaches the error
      // handler as from an async handler); anything else waits for the lookup.
      const known = deps.findAudit.peek?.(lookup);
      if (known) {
        answer(reply, known.record);
        return;
      }
      return deps.findAudit(lookup).then((record) => {
        answer(reply, record);
      });
    },
  );

  function answer(reply: FastifyReply, record: AuditRecord | undefined): void {
    if (!record) throw new HttpError(404, M.notFound);
    // The cached lookup hands every caller the same frozen record: its JSON, made by the
    // route's own serializer, is kept beside it, so a hit is not serialized again.
    let body = bodies.get(record);
    if (body === undefined) {
      body = String(reply.serialize(record));
      bodies.set(record, body);
    }
    // Fastify sends a string with a JSON content type as it is.
    reply.type(JSON_TYPE).send(body);
  }
};
