/**
 * Receipts (issue 33): a scan's signed receipt, the verify check and the public keys.
 * Replays run one at a time in this process (each builds a chain of its own), under the
 * replay's wall-clock cap.
 */
import cookie from '@fastify/cookie';
import type { FastifyPluginAsync } from 'fastify';
import { createDashboardScanRepository } from '../../dashboard-scans/dashboard-scan-repository.ts';
import type { ReceiptIssuer } from '../../receipts/receipt-issuer.ts';
import { openReplaySource } from '../../receipts/replay-source.ts';
import { verifyReceipt, type VerifyOutcome } from '../../receipts/verify-receipt.ts';
import { sessionOrAccountKeyHooks } from '../routes/account.ts';
import { receiptKeysRoute, receiptRoutes } from '../routes/receipts.ts';
import type { Access } from './access.ts';

export interface ReceiptsFeatureOptions {
  readonly access: Access;
  readonly issuer: ReceiptIssuer;
  /** The RPC a fork receipt of `network` replays on (archive access for old blocks); absent: LOCAL only. */
  readonly rpcUrl?: ((network: string) => string | undefined) | undefined;
  /** Wall-clock cap of one replay (default 30 s). */
  readonly replayTimeoutMs?: number | undefined;
}

export const receiptsFeature: FastifyPluginAsync<ReceiptsFeatureOptions> = async (app, deps) => {
  const { access, issuer } = deps;
  let queue: Promise<unknown> = Promise.resolve();
  const verify = async (receipt: unknown, replay: boolean): Promise<VerifyOutcome> => {
    const keys = await issuer.keysDocument();
    const run = () =>
      verifyReceipt({
        receipt,
        keys,
        now: access.clock(),
        ...(replay
          ? {
              replay: (r) => {
                const rpcUrl = r.environment.network === 'LOCAL' ? undefined : deps.rpcUrl?.(r.environment.network);
                return openReplaySource(r, { rpcUrl });
              },
            }
          : {}),
        ...(deps.replayTimeoutMs ? { replayOptions: { timeoutMs: deps.replayTimeoutMs } } : {}),
      });
    const next = queue.then(run, run);
    queue = next.catch(() => undefined);
    return next;
  };
  await app.register(receiptKeysRoute, { issuer });
  await app.register(async (scope) => {
    await scope.register(cookie);
    scope.addHook('onRequest', sessionOrAccountKeyHooks(access.accounts, access.verifyApiKey));
    await scope.register(receiptRoutes, { repository: createDashboardScanRepository(access.store.db), issuer, verify });
  });
};
