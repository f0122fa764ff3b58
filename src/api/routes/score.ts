/**
 * Operation 2: GET /api/score — the security score of an address (the app host).
 * A key is required. Statuses and bodies as the spec gives them; the spec does not say
 * what a scan that cannot reach the network answers, so that is a 503 (docs/decisions/0053-operation-2-score.md).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { MESSAGES } from '../../interface/messages.ts';
import { ANY_ADDRESS_PATTERN, isEvmAddress, isSolanaAddress } from '../../interface/address.ts';
import { findNetworkForOperation, networksFor, SCORE_SYMBOL_ALIASES, type Network, type NetworkOptions } from '../../chain/networks.ts';
import type { ScanService } from '../../scan/scan-service.ts';
import { HttpError } from '../http-error.ts';
import { scoreScanError } from '../scan-error-answers.ts';
import { type AccessGate, KEY_REQUIRED } from '../access.ts';
import { refuseWith, symbolPattern } from '../validation.ts';
import { SimulationMetaSchema } from '../../interface/schemas/audit-layout.ts';
import { VerdictSchema } from '../../interface/schemas/verdict.ts';

const M = MESSAGES.score;

export interface ScoreDeps {
  readonly scans: ScanService;
  readonly gate: AccessGate;
  readonly networks: NetworkOptions;
}

const badRequest = () => new HttpError(400, M.badRequest, { success: true, score: null });

/** The network of the score operation's list, or one of the example aliases (BNB, POL, ARB). */
export function scoreNetwork(raw: string, options: NetworkOptions): Network | undefined {
  const symbol = raw.trim().toUpperCase();
  return findNetworkForOperation('score', SCORE_SYMBOL_ALIASES[symbol] ?? symbol, options);
}

const ScoreBody = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  score: Type.Union([Type.Number(), Type.Null()]),
  // Extra, like the scan's `meta`: the simulation's scope, stages and owner actions behind the score.
  meta: Type.Optional(Type.Object({ simulation: Type.Optional(SimulationMetaSchema), verdict: Type.Optional(VerdictSchema) })),
});
const UnavailableScoreBody = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  score: Type.Union([Type.Number(), Type.Null()]),
  meta: Type.Optional(Type.Object({ source: Type.String(), reason: Type.String() })),
});
const FailureBody = Type.Object({ success: Type.Boolean(), message: Type.String() });

export const scoreRoutes: FastifyPluginAsyncTypebox<ScoreDeps> = async (app, deps) => {
  const symbols = [...networksFor('score', deps.networks).map((n) => n.symbol), ...Object.keys(SCORE_SYMBOL_ALIASES)];
  app.get(
    '/api/score',
    {
      schema: {
        summary: 'Contract score',
        description:
          'The security score (0–100, higher is safer) of a token. Needs an API key. BNB, POL and ARB are accepted for BSC, MATIC and ARBITRUM.',
        tags: ['scan'],
        security: KEY_REQUIRED,
        querystring: Type.Object({
          address: Type.String({ pattern: ANY_ADDRESS_PATTERN, description: 'EVM address, or a Solana address with network SOL' }),
          network: Type.String({ pattern: symbolPattern(symbols), description: `any letter case: ${symbols.join(', ')}` }),
        }),
        response: { 200: ScoreBody, 400: ScoreBody, 401: FailureBody, 503: UnavailableScoreBody },
      },
      // Every malformed query has the one answer the spec gives the operation.
      schemaErrorFormatter: refuseWith([], badRequest),
      config: {
        internalError: () => new HttpError(500, MESSAGES.common.internal, { success: false, score: null }),
        unavailableBody: () => ({ success: false, score: null }),
        errorAnswer: scoreScanError(badRequest),
      },
      onRequest: deps.gate({
        bucket: 'score',
        keyRequired: true,
        missingKey: () => new HttpError(401, M.missingKey, { success: false }),
        invalidKey: () => new HttpError(401, M.invalidKey, { success: false }),
      }),
    },
    async (request) => {
      const { address, network: rawNetwork } = request.query;
      const network = scoreNetwork(rawNetwork, deps.networks);
      if (!network) throw badRequest();
      // The address must be of the network's family (the schema allows either).
      if (network.family === 'solana' ? !isSolanaAddress(address) : !isEvmAddress(address)) throw badRequest();
      const result = await deps.scans.scan({ network: network.symbol, address: address as string });
      return {
        success: true,
        message: `Security score of ${result.auditLayout.contract.symbol || address} on ${network.symbol}`,
        score: result.auditLayout.securityScore,
        meta: {
          ...(result.meta.simulation ? { simulation: result.meta.simulation } : {}),
          // Issue 29: the same verdict the scan carries (a stored snapshot may predate it).
          ...(result.meta.verdict ? { verdict: result.meta.verdict } : {}),
        },
      };
    },
  );
};
