/**
 * Remembers the scans made with an account's keys (the dashboard's "recent scans"):
 * an onResponse hook of the scan routes, so the answer is already on its way when it runs.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UsageRecorder } from '../accounts/usage-recorder.ts';
import type { Clock } from '../accounts/clock.ts';

/** Routes whose calls are scans of one address. */
export const SCAN_ROUTES: ReadonlySet<string> = new Set(['/api/cyberscan', '/api/score', '/api/search/contract']);

function target(request: FastifyRequest): { network: string; address: string } | undefined {
  const source = (request.method === 'GET' ? request.query : request.body) as Record<string, unknown> | undefined;
  if (!source || typeof source !== 'object') return undefined;
  const { address, network, chainId } = source;
  if (typeof address !== 'string' || address.length > 100) return undefined;
  const chain = typeof network === 'string' ? network.toUpperCase() : typeof chainId === 'number' ? String(chainId) : 'BSC';
  // Snapshots key EVM addresses in lower case; keep the same form so scores join.
  return { network: chain.slice(0, 40), address: address.startsWith('0x') ? address.toLowerCase() : address };
}

export function recordAccountActivity(usage: UsageRecorder, clock: Clock) {
  return async function onResponse(request: FastifyRequest, reply: FastifyReply) {
    const key = request.apiKey;
    if (!key?.accountId) return;
    const scanned = target(request);
    if (!scanned) return;
    usage.recordActivity({
      account_id: key.accountId,
      key_id: key.id,
      operation: request.routeOptions.url ?? '',
      network: scanned.network,
      address: scanned.address,
      status: reply.statusCode,
      at: clock().toISOString(),
    });
  };
}
