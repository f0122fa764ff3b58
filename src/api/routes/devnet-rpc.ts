/**
 * POST /rpc: the embedded devnet's JSON-RPC endpoint on the service's own port, so
 * wallets, scripts and the scan readers talk to it as to any node. Who may call what is
 * the devnet RPC policy (src/devnet/rpc-policy.ts): reads for anyone, rate-limited and
 * capped; state-changing and debug methods only for privileged callers. The caller's
 * Host, rights and first call are settled in `onRequest`, before the body is read
 * (./rpc-gate.ts); a batch's further items are charged once it is parsed.
 */
import type { FastifyPluginAsync } from 'fastify';
import { guardedRequest, requestCount, DEFAULT_RPC_LIMITS, type RpcLimits } from '../../devnet/rpc-policy.ts';
import { chargeBatchItems, rpcCallerGate, type RpcGateDeps } from './rpc-gate.ts';

export { INTERNAL_RPC_HEADER } from './rpc-gate.ts';

export interface DevnetRpcDeps extends RpcGateDeps {
  /** Answers a JSON-RPC request object or batch as a node would. */
  readonly request: (payload: unknown) => Promise<unknown>;
  readonly limits?: RpcLimits;
}

export const devnetRpcRoutes: FastifyPluginAsync<DevnetRpcDeps> = async (app, deps) => {
  const limits = deps.limits ?? DEFAULT_RPC_LIMITS;

  app.post(
    '/rpc',
    {
      schema: {
        summary: 'JSON-RPC endpoint of the embedded devnet (network LOCAL, chain id 31337)',
        description:
          'Reads for anyone (rate-limited, each batch item counted; eth_call, eth_estimateGas and traces gas-capped; batches, eth_getLogs ranges and answer sizes capped). State-changing, signing and debug/cheat methods only from loopback or with an admin API key, unless the operator set DEVNET_RPC=open.',
        tags: ['devnet'],
        body: { type: ['object', 'array'] },
      },
      onRequest: rpcCallerGate(deps),
    },
    async (request, reply) => {
      const rights = request.rpcRights ?? { privileged: false };
      const items = Math.min(requestCount(request.body), limits.maxBatchItems);
      const refused = await chargeBatchItems(request, reply, deps.rateLimiter, items - 1);
      if (refused) return refused;
      const answer = await guardedRequest(request.body, rights, deps.request, limits);
      return reply.type('application/json').send(JSON.stringify(answer));
    },
  );
};
