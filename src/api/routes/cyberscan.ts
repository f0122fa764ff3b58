/**
 * Operation 3: POST /api/cyberscan — the automated audit of an address: findings,
 * scores, taxes, pools, holders… as the spec's `{auditLayout, auditResource}` plus
 * `meta` (which sources answered, why others did not, what moved each score).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from '@sinclair/typebox';
import { MESSAGES } from '../../interface/messages.ts';
import { MessageSchema, UnavailableSchema } from '../../interface/schemas/audit-record.ts';
import { ScanResultSchema } from '../../interface/schemas/audit-layout.ts';
import { ANY_ADDRESS_PATTERN, isEvmAddress, isSolanaAddress } from '../../interface/address.ts';
import { chooseNetworkFrom, networksFor, type Network, type NetworkOptions } from '../../chain/networks.ts';
import type { ScanService } from '../../scan/scan-service.ts';
import { HttpError } from '../http-error.ts';
import { scanError } from '../scan-error-answers.ts';
import { type AccessGate, KEY_OPTIONAL } from '../access.ts';
import { refuseWith, symbolPattern, type FieldRule } from '../validation.ts';

const M = MESSAGES.cyberscan;
const DEFAULT_NETWORK = 'BSC';
/** One keyless budget for every scan operation (cyberscan and the legacy scan). */
export const SCAN_BUCKET = 'scan';

export interface CyberscanDeps {
  readonly scans: ScanService;
  readonly gate: AccessGate;
  readonly networks: NetworkOptions;
}

export interface ScanTarget {
  readonly network: Network;
  readonly address: string;
}

/** Operation 3's body once the schema accepted it (also the legacy scan's address form). */
export interface ScanTargetBody {
  readonly address: string;
  readonly network?: string | null;
  readonly chainId?: number | null;
}

/**
 * The target of a validated `{address, network | chainId}`: the network they name (both
 * given must agree) and an address of that network's family (0x… on EVM, base58 on Solana).
 */
export function resolveScanTarget(
  body: ScanTargetBody,
  options: NetworkOptions,
  operation: 'cyberscan' | 'legacy' = 'cyberscan',
): ScanTarget {
  const choice = chooseNetworkFrom(operation, { network: body.network, chainId: body.chainId }, 'body', DEFAULT_NETWORK, options);
  // Operation 3 has one message for both: there is no "Invalid chainId" in its vocabulary.
  if ('invalid' in choice) throw new HttpError(400, M.invalidNetwork);
  const resolved = choice.network;
  if (resolved.family === 'solana' ? !isSolanaAddress(body.address) : !isEvmAddress(body.address))
    throw new HttpError(400, M.invalidAddress);
  return { network: resolved, address: body.address };
}

/** The schema of `{address, network | chainId}` for one operation's networks; null is the same as absent. */
export function scanTargetProperties(operation: 'cyberscan' | 'legacy', options: NetworkOptions) {
  const listed = networksFor(operation, options);
  const symbols = listed.map((n) => n.symbol);
  const chainIds = listed.flatMap((n) => (n.chainId === null ? [] : [n.chainId]));
  return {
    address: Type.String({ pattern: ANY_ADDRESS_PATTERN, description: 'EVM address (a Solana address with network SOL)' }),
    chainId: Type.Optional(Type.Union([Type.Integer({ enum: chainIds }), Type.Null()], { description: 'chain id (a JSON number)' })),
    network: Type.Optional(
      Type.Union([Type.String({ pattern: symbolPattern(symbols) }), Type.Null()], {
        description: `network symbol, any letter case: ${symbols.join(', ')} (default ${DEFAULT_NETWORK})`,
      }),
    ),
  };
}

/** The spec's order of checks for a scan target: the network (by symbol or chain id), then the address. */
export const SCAN_TARGET_RULES: readonly FieldRule[] = [
  { field: 'network', invalid: () => new HttpError(400, M.invalidNetwork) },
  { field: 'chainId', invalid: () => new HttpError(400, M.invalidNetwork) },
  { field: 'address', invalid: () => new HttpError(400, M.invalidAddress) },
];

export const cyberscanRoutes: FastifyPluginAsyncTypebox<CyberscanDeps> = async (app, deps) => {
  app.post(
    '/api/cyberscan',
    {
      schema: {
        summary: 'Scan, version 2',
        description:
          'Automated audit and security analysis of an address: findings, scores, taxes (simulated buy, transfer and sell), pools, holders, locks. ' +
          'Without a key: 5 calls a minute per client. `meta` says which sources answered and what moved each score.',
        tags: ['scan'],
        security: KEY_OPTIONAL,
        body: Type.Object(scanTargetProperties('cyberscan', deps.networks)),
        response: {
          200: ScanResultSchema,
          400: MessageSchema,
          403: MessageSchema,
          429: MessageSchema,
          500: MessageSchema,
          503: UnavailableSchema,
        },
      },
      // A body that is not an object has no address.
      schemaErrorFormatter: refuseWith([{ field: '', invalid: () => new HttpError(400, M.invalidAddress) }, ...SCAN_TARGET_RULES]),
      config: {
        clientError: (error) => (error.statusCode === 400 ? new HttpError(400, MESSAGES.common.badRequest) : undefined),
        errorAnswer: scanError,
      },
      onRequest: deps.gate({
        bucket: SCAN_BUCKET,
        keyRequired: false,
        invalidKey: () => new HttpError(403, M.invalidApiKey),
        tooManyRequests: () => new HttpError(429, M.tooManyRequests),
      }),
    },
    async (request, reply) => {
      const target = resolveScanTarget(request.body, deps.networks);
      const scanRequest = { network: target.network.symbol, address: target.address };
      // A fresh snapshot goes out as the text it was serialized to the first time.
      const cached = await deps.scans.cachedJson(scanRequest);
      // (The untyped reply: this body is already JSON text, not the schema's object.)
      if (cached !== undefined) return (reply as FastifyReply).type('application/json; charset=utf-8').send(cached);
      return deps.scans.scan(scanRequest);
    },
  );
};
