/**
 * POST /rpc: the embedded devnet's JSON-RPC endpoint on the service's own port, so
 * wallets, scripts and the scan readers talk to it as to any node.
 */
import type { FastifyPluginAsync } from 'fastify';

export interface DevnetRpcDeps {
  /** Answers a JSON-RPC request object or batch as a node would. */
  readonly request: (payload: unknown) => Promise<unknown>;
}

export const devnetRpcRoutes: FastifyPluginAsync<DevnetRpcDeps> = async (app, deps) => {
  app.post(
    '/rpc',
    {
      schema: {
        summary: 'JSON-RPC endpoint of the embedded devnet (network LOCAL, chain id 31337)',
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
