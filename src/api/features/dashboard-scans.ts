/**
 * The dashboard's scans and repository import (issue 15): the scans run in the background
 * of this process (closing waits for them), scans a stopped process left running are
 * closed, and GitHub/GitLab imports. A `fastify-plugin`: it decorates the app with
 * `dashboardScansIdle`, which tests and the server await; its routes stay in their own scopes.
 */
import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import type { NetworkOptions } from '../../chain/networks.ts';
import type { ScanService } from '../../scan/scan-service.ts';
import { createDashboardScanRepository } from '../../dashboard-scans/dashboard-scan-repository.ts';
import { createDashboardScanRunner } from '../../dashboard-scans/dashboard-scan-runner.ts';
import { scanFailureMessage } from '../../dashboard-scans/scan-failure.ts';
import { closeAbandonedScans, keepScansHonest } from '../../dashboard-scans/abandoned-scans.ts';
import { newScanOwner, type ScanOwnerIdentity } from '../../dashboard-scans/scan-owner.ts';
import { databaseConnectionFailure } from '../../infra/dependency-error.ts';
import { codeHostConfigFromEnv, type CodeHostConfig } from '../../codehosts/code-host-config.ts';
import { createSecretBox, type SecretBox } from '../../codehosts/secret-box.ts';
import { createCodeHosts } from '../../codehosts/code-hosts.ts';
import { dashboardScope, sessionOrAccountKeyHooks } from '../routes/account.ts';
import { dashboardScanRoutes } from '../routes/dashboard-scans.ts';
import { repositoryRoutes } from '../routes/repositories.ts';
import { API_VERSION } from '../api-version.ts';
import type { Access } from './access.ts';
import type { ScanSource } from './scan-operations.ts';

export interface DashboardScansFeatureOptions {
  readonly access: Access;
  readonly networks: NetworkOptions;
  /** Address scans; absent: the dashboard scans source only. */
  readonly scans?: ScanService | undefined;
  readonly scanSource?: ScanSource | undefined;
  readonly getVerifiedSource?: ((network: string, address: string) => Promise<Readonly<Record<string, string>> | null>) | undefined;
  /** This process as the owner of the dashboard scans it runs; a fresh one by default (tests pass their own). */
  readonly scanOwner?: ScanOwnerIdentity | undefined;
  /** How often an open scan event stream looks for an end decided by another process; default 5 s. */
  readonly scanEventsEndWatchMs?: number | undefined;
  /** Where GitHub and GitLab are, and the GitHub App (default: the public hosts, no App). */
  readonly codeHosts?: CodeHostConfig | undefined;
  /** Seals GitHub tokens and signs Connect's state (default: a key for this process only). */
  readonly secretBox?: SecretBox | undefined;
}

export const dashboardScansFeature = fp<DashboardScansFeatureOptions>(
  async (app, deps) => {
    const { access } = deps;
    const { db } = access.store;
    const clock = access.clock;
    // Issue 15: the dashboard's scans run in the background of this process; closing waits for them.
    const dashboardScans = createDashboardScanRepository(db);
    const scanService = deps.scans;
    const scanOwner = deps.scanOwner ?? newScanOwner();
    const dashboardRunner = createDashboardScanRunner({
      owner: scanOwner.id,
      repository: dashboardScans,
      ...(scanService ? { scanAddress: (network: string, address: string) => scanService.scan({ network, address }) } : {}),
      ...(deps.scanSource ? { scanSource: deps.scanSource } : {}),
      ...(deps.getVerifiedSource ? { verifiedSource: deps.getVerifiedSource } : {}),
      now: clock,
      describeFailure: scanFailureMessage,
      onError: (error, scanId) => app.log.warn({ err: error, scanId }, 'dashboard scan failed'),
    });
    app.addHook('onClose', () => dashboardRunner.idle());
    app.decorate('dashboardScansIdle', () => dashboardRunner.idle());
    // Issue 30, finding 6: scans a stopped process left running are closed with the reason, so
    // their pages and event streams end and they free their slot; then this process's own get
    // a heartbeat, and the sweep repeats for replicas that die later.
    const abandoned = { repository: dashboardScans, runner: dashboardRunner, self: scanOwner, now: clock };
    // A database that is down is reported by its own warnings (and the 503s); the sweep just tries again.
    const onSweepError = (error: unknown) => {
      if (!databaseConnectionFailure(error)) app.log.warn({ err: error }, 'could not close abandoned dashboard scans');
    };
    await closeAbandonedScans(abandoned).catch(onSweepError);
    const stopSweeping = keepScansHonest({ ...abandoned, onError: onSweepError });
    app.addHook('onClose', async () => stopSweeping());
    const secretBox = deps.secretBox ?? createSecretBox(randomBytes(32));
    const codeHosts = createCodeHosts({ db, config: deps.codeHosts ?? codeHostConfigFromEnv({}), box: secretBox, now: clock });
    // Issue 15: repository import, in the dashboard's session scope.
    await app.register(
      dashboardScope(access.accounts, async (scope) => {
        await scope.register(repositoryRoutes, { ...codeHosts, box: secretBox, now: clock });
      }),
    );
    // Issue 29: one scan API for every client: a browser session or an API key of an account.
    await app.register(async (scope) => {
      // Cookies are parsed only where a session can authenticate (see dashboardScope).
      await scope.register(cookie);
      scope.addHook('onRequest', sessionOrAccountKeyHooks(access.accounts, access.verifyApiKey));
      await scope.register(dashboardScanRoutes, {
        repository: dashboardScans,
        runner: dashboardRunner,
        networks: deps.networks,
        toolVersion: API_VERSION,
        repositories: codeHosts.importer,
        now: clock,
        ...(deps.scanEventsEndWatchMs === undefined ? {} : { endWatchMs: deps.scanEventsEndWatchMs }),
      });
    });
  },
  { name: 'dashboard-scans' },
);
