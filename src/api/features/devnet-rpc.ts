/**
 * The devnet's JSON-RPC endpoints on the service's own port: /rpc (the embedded EVM devnet)
 * and /rpc/solana (the embedded Solana network), behind one gate (Host check, rights, a
 * per-client budget: ../routes/rpc-gate.ts). The server registers it through `AppDeps.plugins`
 * when DEVNET is on, after starting both networks.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { RpcGateDeps } from '../routes/rpc-gate.ts';
import { devnetRpcRoutes } from '../routes/devnet-rpc.ts';
import { solanaRpcRoutes } from '../routes/solana-rpc.ts';

export interface DevnetRpcFeatureOptions {
  /** The gate both endpoints share. */
  readonly gate: RpcGateDeps;
  /** Answers a JSON-RPC request object or batch of the EVM devnet. */
  readonly evm: (payload: unknown) => Promise<unknown>;
  /** Answers a Solana JSON-RPC request object or batch. */
  readonly solana: (payload: unknown) => Promise<unknown>;
}

export const devnetRpcFeature: FastifyPluginAsync<DevnetRpcFeatureOptions> = async (app, { gate, evm, solana }) => {
  await app.register(devnetRpcRoutes, { ...gate, request: evm });
  await app.register(solanaRpcRoutes, { ...gate, request: solana });
};
