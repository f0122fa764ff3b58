/**
 * POST /rpc/solana: the embedded Solana network's JSON-RPC endpoint on the service's own
 * port (the methods the Solana reader uses; docs/architecture.md), so scripts and the
 * scan readers talk to it as to a Solana node. Outside callers get the same gate as the
 * devnet's /rpc (./rpc-gate.ts): the Host check, a per-client budget in which every batch
 * item counts, and a cap on a batch's size. `scopeward_act` (a sample mint's authority acts)
 * changes the network every scan reads: like /rpc's state-changing methods, only privileged
 * callers (the service, a loopback client, an admin key, DEVNET_RPC=open) may send it.
 */
import type { FastifyPluginAsync } from 'fastify';
import { requestCount, rpcError, RPC_POLICY_ERRORS, DEFAULT_RPC_LIMITS } from '../../devnet/rpc-policy.ts';
import { chargeBatchItems, rpcCallerGate, type RpcGateDeps } from './rpc-gate.ts';

export interface SolanaRpcDeps extends RpcGateDeps {
  /** Answers a Solana JSON-RPC request object or batch as a node would. */
  readonly request: (payload: unknown) => Promise<unknown>;
  /** Most items in one batch of an outside caller. */
  readonly maxBatchItems?: number;
}

export const solanaRpcRoutes: FastifyPluginAsync<SolanaRpcDeps> = async (app, deps) => {
  const maxBatchItems = deps.maxBatchItems ?? DEFAULT_RPC_LIMITS.maxBatchItems;
  app.post(
    '/rpc/solana',
    {
      schema: {
        summary: 'JSON-RPC endpoint of the embedded Solana network (network SOL, sample mints)',
        description: 'Rate-limited per client, each batch item counted; batches capped for outside callers.',
        tags: ['devnet'],
        body: { type: ['object', 'array'] },
      },
      onRequest: rpcCallerGate(deps),
    },
    async (request, reply) => {
      const outsider = !request.rpcRights?.privileged;
      const count = requestCount(request.body);
      if (outsider && Array.isArray(request.body) && count > maxBatchItems) {
        const tooMany = rpcError(
          null,
          RPC_POLICY_ERRORS.tooLarge,
          `batch of ${count} requests: at most ${maxBatchItems} per batch for this caller`,
        );
        return reply.type('application/json').send(JSON.stringify(tooMany));
      }
      const items: unknown[] = Array.isArray(request.body) ? request.body : [request.body];
      const acts = items.some((item) => (item as { method?: unknown } | null)?.method === 'scopeward_act');
      if (outsider && acts) {
        const denied = rpcError(
          null,
          RPC_POLICY_ERRORS.notAllowed,
          'scopeward_act changes the network: only from loopback, with an admin API key, or when the operator set DEVNET_RPC=open',
        );
        return reply.type('application/json').send(JSON.stringify(denied));
      }
      const refused = await chargeBatchItems(request, reply, deps.rateLimiter, count - 1);
      if (refused) return refused;
      const answer = await deps.request(request.body);
      return reply.type('application/json').send(JSON.stringify(answer));
    },
  );
};
