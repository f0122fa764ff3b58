/** The scan operations 2 to 4: Cyberscan, the score and the legacy scan (with source scans). */
import type { FastifyPluginAsync } from 'fastify';
import type { NetworkOptions } from '../../chain/networks.ts';
import type { ScanService } from '../../scan/scan-service.ts';
import type { SourceScanOptions, SourceScanResult } from '../../scan/scan-source.ts';
import type { AccessGate } from '../access.ts';
import { cyberscanRoutes } from '../routes/cyberscan.ts';
import { scoreRoutes } from '../routes/score.ts';
import { legacyScanRoutes } from '../routes/legacy-scan.ts';

export type ScanSource = (sources: Readonly<Record<string, string>>, options?: SourceScanOptions) => Promise<SourceScanResult>;

export interface ScanOperationsFeatureOptions {
  readonly scans: ScanService;
  /** Scans of source code; absent: no legacy scan route. */
  readonly scanSource?: ScanSource | undefined;
  readonly gate: AccessGate;
  readonly networks: NetworkOptions;
  /** Public base URL of the main host (the legacy scan's successor link). */
  readonly baseUrl?: string | undefined;
}

export const scanOperationsFeature: FastifyPluginAsync<ScanOperationsFeatureOptions> = async (app, deps) => {
  const { scans, gate, networks } = deps;
  await app.register(cyberscanRoutes, { scans, gate, networks });
  await app.register(scoreRoutes, { scans, gate, networks });
  if (deps.scanSource) {
    await app.register(legacyScanRoutes, { scans, scanSource: deps.scanSource, gate, networks, baseUrl: deps.baseUrl });
  }
};
