/**
 * Operation 1: GET /api/audits/search-by-address — is there an audit report for this
 * address? Statuses are ours (the spec leaves them open; docs/decisions.md).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AuditRecordSchema, MessageSchema } from '../../spec/schemas/audit-record.ts';
import { MESSAGES } from '../../spec/messages.ts';
import { isEvmAddress } from '../../spec/address.ts';
import { chooseNetworkFrom, networksFor, type Network, type NetworkOptions } from '../../spec/networks.ts';
import type { AuditLookup } from '../../audits/audit-repository.ts';
import { HttpError } from '../http-error.ts';
import type { AccessGate } from '../access.ts';

const M = MESSAGES.audits;

export interface AuditLookupDeps {
  readonly findAudit: AuditLookup;
  readonly gate: AccessGate;
  readonly networks: NetworkOptions;
}

export interface AuditLookupQuery {
  readonly address: string;
  readonly network: Network;
}

const DEFAULT_NETWORK = 'BSC';

/** Turns the raw query into a lookup, or throws the spec's message for the first problem. */
export function parseAuditLookupQuery(query: Record<string, unknown>, options: NetworkOptions): AuditLookupQuery {
  const { address, network, chainId } = query;
  if (address === undefined || address === '') throw new HttpError(400, M.addressRequired);
  if (!isEvmAddress(address)) throw new HttpError(400, M.invalidAddress);

  const choice = chooseNetworkFrom('audits', { network, chainId }, 'query', DEFAULT_NETWORK, options);
  if ('invalid' in choice) throw new HttpError(400, choice.invalid === 'chainId' ? M.invalidChainId : M.invalidNetwork);
  return { address, network: choice.network };
}

export const auditLookupRoutes: FastifyPluginAsyncTypebox<AuditLookupDeps> = async (app, deps) => {
  const symbols = networksFor('audits', deps.networks).map((n) => n.symbol);
  const chainIds = networksFor('audits', deps.networks).flatMap((n) => (n.chainId === null ? [] : [n.chainId]));

  app.get(
    '/api/audits/search-by-address',
    {
      schema: {
        summary: 'Audit lookup by address',
        description: 'Reports whether an audit assessment exists for a contract address. Without a key: 5 calls a minute per client.',
        tags: ['audits'],
        headers: Type.Object({ 'x-api-key': Type.Optional(Type.String()) }),
        querystring: Type.Object({
          address: Type.String({
            description: 'EVM contract address (any letter case)',
            examples: ['0x55d398326f99059fF775485246999027B3197955'],
          }),
          chainId: Type.Optional(Type.Integer({ enum: chainIds, description: 'chain id; use either network or chainId' })),
          network: Type.Optional(
            Type.String({ enum: symbols, default: DEFAULT_NETWORK, description: 'network symbol; use either network or chainId' }),
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
      // The schema documents the operation; validation is ours, to answer with the
      // spec's exact messages for every malformed query. (Ajv would also coerce "1e3"
      // into the chain id 1000 and fill in defaults before we could see the raw value.)
      validatorCompiler: () => () => true,
      config: { internalError: () => new HttpError(500, M.internal) },
      onRequest: deps.gate({
        bucket: 'audits',
        keyRequired: false,
        invalidKey: () => new HttpError(403, M.invalidApiKey),
        tooManyRequests: () => new HttpError(429, MESSAGES.common.tooManyRequests),
      }),
    },
    async (request) => {
      const query = parseAuditLookupQuery(request.query as Record<string, unknown>, deps.networks);
      const record = await deps.findAudit({ network: query.network.symbol, address: query.address });
      if (!record) throw new HttpError(404, M.notFound);
      return record;
    },
  );
};
