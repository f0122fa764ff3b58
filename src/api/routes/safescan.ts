/**
 * Safescan: POST /api/safescan {address, network?} screens a wallet against the address
 * labels on every configured network (or the one named). Keyless callers get their own
 * budget (10 calls a minute, as the original service documents); a valid key has none.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { isAddress } from 'viem';
import { MESSAGES } from '../../interface/messages.ts';
import { SafescanResultSchema, NetworkMetaSchema } from '../../interface/schemas/safescan.ts';
import type { Safescan } from '../../safescan/safescan-service.ts';
import { type AccessGate, KEY_OPTIONAL } from '../access.ts';
import { HttpError } from '../http-error.ts';

export interface SafescanRoutesDeps {
  /** A gate over Safescan's own rate limiter. */
  readonly gate: AccessGate;
  readonly safescan: Safescan;
}

const Message = Type.Object({ message: Type.String() });

export const safescanRoutes: FastifyPluginAsyncTypebox<SafescanRoutesDeps> = async (app, deps) => {
  app.post(
    '/api/safescan',
    {
      schema: {
        summary: 'Safescan: screen a wallet against labelled addresses (sanctions, mixers, exploits…) on every network',
        description:
          'Per network: activity, and every transaction with a labelled counterparty. `blacklisted`: the address itself is on a sanctions list or blacklist; `suspicious`: it dealt directly with a sanctioned, blacklisted, mixer, exploit or phishing address. `meta.reasons` lists why; `meta.networks` says per network what was read and what was not. 10 calls a minute without a key.',
        tags: ['safescan'],
        security: KEY_OPTIONAL,
        body: Type.Object({
          address: Type.String({ examples: ['0xFF77850745bA0130B36F99a4981F4BfA2535cE33'] }),
          network: Type.Optional(Type.String({ description: 'screen only this network (one of the configured ones)' })),
        }),
        response: {
          200: SafescanResultSchema,
          400: Type.Object({ message: Type.String(), networks: Type.Optional(Type.Array(Type.String())) }),
          403: Message,
          429: Message,
          503: Type.Object({ message: Type.String(), networks: Type.Array(NetworkMetaSchema) }),
        },
      },
      // Checked below with the Safescan messages rather than Ajv's.
      validatorCompiler: () => () => true,
      onRequest: deps.gate({
        bucket: 'safescan',
        keyRequired: false,
        invalidKey: () => new HttpError(403, MESSAGES.cyberscan.invalidApiKey),
        tooManyRequests: () => new HttpError(429, MESSAGES.cyberscan.tooManyRequests),
      }),
    },
    async (request) => {
      const body = (request.body ?? {}) as { address?: unknown; network?: unknown };
      if (body.address === undefined || body.address === null || body.address === '')
        throw new HttpError(400, MESSAGES.safescan.addressRequired);
      const address = typeof body.address === 'string' ? body.address.trim() : '';
      if (!/^0x[0-9a-fA-F]{40}$/.test(address)) throw new HttpError(400, MESSAGES.safescan.invalidAddress);
      // Mixed case is an EIP-55 checksum: a wrong one is a typo, not another address.
      if (!isAddress(address, { strict: true })) throw new HttpError(400, MESSAGES.safescan.badChecksum);
      let only: string | undefined;
      if (body.network !== undefined && body.network !== null && body.network !== '') {
        only = typeof body.network === 'string' ? body.network.trim().toUpperCase() : '';
        if (!deps.safescan.networks.includes(only))
          throw new HttpError(400, MESSAGES.safescan.invalidNetwork, { networks: deps.safescan.networks });
      }
      if (deps.safescan.networks.length === 0) throw new HttpError(503, MESSAGES.safescan.noNetworks, { networks: [] });
      return deps.safescan.screen(address, only);
    },
  );
};
