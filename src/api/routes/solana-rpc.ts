/**
 * POST /rpc/solana: the embedded Solana network's JSON-RPC endpoint on the service's own
 * port (the methods the Solana reader uses; docs/architecture.md), so scripts and the
 * scan readers talk to it as to a Solana node.
 */
import type { FastifyPluginAsync } from 'fastify';

export interface SolanaRpcDeps {
  /** Answers a Solana JSON-RPC request object or batch as a node would. */
  readonly request: (payload: unknown) => Promise<unknown>;
}

export const solanaRpcRoutes: FastifyPluginAsync<SolanaRpcDeps> = async (app, deps) => {
  app.post(
    '/rpc/solana',
    {
      schema: {
        summary: 'JSON-RPC endpoint of the embedded Solana network (network SOL, sample mints)',
        tags: ['devnet'],
        body: { type: ['object', 'array'] },
      },
    },
    async (request, reply) => {
      const answer = await deps.request(request.body);
      return reply.type('application/json').send(JSON.stringify(answer));
    },
  );
};
