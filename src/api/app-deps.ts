/** What `buildApp` is built from: the store and limits, and each optional feature's dependencies. */
import type { ReceiptsFeatureOptions } from './features/receipts.ts';
import type { WatchDeliveryService } from '../watch/delivery/watch-delivery-service.ts';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Store } from '../store/open-store.ts';
import type { RateLimiter } from '../limits/rate-limiter.ts';
import type { NetworkOptions } from '../chain/networks.ts';
import type { SourceScanOptions, SourceScanResult } from '../scan/scan-source.ts';
import type { CorpusService } from '../corpus/corpus-service.ts';
import type { CompareSimilarity } from '../corpus/similarity-pool.ts';
import type { ScanService } from '../scan/scan-service.ts';
import type { AccountLimiters } from '../accounts/account-service.ts';
import type { Mailer } from '../accounts/mailer.ts';
import type { Clock } from '../accounts/clock.ts';
import type { HttpLimits } from './http-limits.ts';
import type { VoucherLimiters } from '../offers/voucher-limiters.ts';
import type { ScanOwnerIdentity } from '../dashboard-scans/scan-owner.ts';
import type { CodeHostConfig } from '../codehosts/code-host-config.ts';
import type { SecretBox } from '../codehosts/secret-box.ts';
import type { ChatLimits, ChatServiceDeps } from '../chat/chat-service.ts';
import type { LlmConfig } from '../chat/openai-client.ts';
import type { WatchesOptions } from './features/watches.ts';
import type { Safescan } from '../safescan/safescan-service.ts';

export interface AppDeps {
  readonly store: Store;
  readonly rateLimiter: RateLimiter;
  readonly networks: NetworkOptions;
  /** The scan service behind operations 2 to 4; those routes exist only with it. */
  readonly scans?: ScanService;
  /** This process as the owner of the dashboard scans it runs; a fresh one by default (tests pass their own). */
  readonly scanOwner?: ScanOwnerIdentity;
  /** How often an open scan event stream looks for an end decided by another process; default 5 s. */
  readonly scanEventsEndWatchMs?: number;
  /** Scans of source code (operation 4's `type: source`). */
  readonly scanSource?: (sources: Readonly<Record<string, string>>, options?: SourceScanOptions) => Promise<SourceScanResult>;
  /** The reference corpus and signature database behind Similarityscan and Signaturescan. */
  readonly corpus?: CorpusService;
  /** Where Similarityscan compares (the server's worker pool); in process by default. */
  readonly compareSimilarity?: CompareSimilarity;
  /** Verified source of an address (Similarityscan's `type: address`). */
  readonly getVerifiedSource?: (network: string, address: string) => Promise<Readonly<Record<string, string>> | null>;
  /** Public base URL of the main host (for links such as the legacy scan's successor). */
  readonly baseUrl?: string | undefined;
  /** Readiness checks by name (database, redis, devnet…). */
  readonly readiness?: Readonly<Record<string, () => Promise<void>>>;
  readonly bodyLimitBytes?: number;
  readonly trustProxyHops?: number;
  /** Issue 30: request, header, idle and keep-alive timeouts and the per-client connection cap (defaults: DEFAULT_HTTP_LIMITS). */
  readonly httpLimits?: HttpLimits;
  /** Origins allowed to call the API from a browser (CORS); none by default (the dashboard is same-origin). */
  readonly corsOrigins?: readonly string[];
  /** Fastify's logger option: false in tests, pino options in the server. */
  readonly logger?: FastifyServerOptions['logger'];
  /** Extra route plugins (the devnet's /rpc and later operations) registered after the core. */
  readonly plugins?: ReadonlyArray<(app: FastifyInstance) => Promise<void>>;
  /** Where account e-mails go (SMTP or the outbox); tests keep them in memory. */
  readonly mailer?: Mailer;
  /** The first sign-up becomes an admin while there is none (FIRST_SIGNUP_ADMIN). */
  readonly firstSignupAdmin?: boolean;
  readonly accountLimiters?: AccountLimiters;
  /** Keyless calls per minute (shown on the dashboard). */
  readonly anonymousCallsPerMinute?: number;
  readonly clock?: Clock;
  /** The built dashboard (dist/web); absent: no web app (API-only tests). */
  readonly webRoot?: string;
  /** Requests for the operator's offers and audit vouchers (issue 20). */
  readonly services?: {
    /** OPERATOR_EMAIL; unset: every verified admin account. */
    readonly operatorEmail?: string | undefined;
    /** VOUCHER_USD_PER_USDT (1 unless configured). */
    readonly usdPerUsdt?: number;
    /** Requests per client address; default 5 an hour in memory. */
    readonly requestLimiter?: RateLimiter;
    /** Voucher attempts per account and client; default in memory (src/offers/voucher-limiters.ts). */
    readonly voucherLimiters?: VoucherLimiters;
  };
  /** Issue 15: where GitHub and GitLab are, and the GitHub App (default: the public hosts, no App). */
  readonly codeHosts?: CodeHostConfig;
  /** Issue 15: seals GitHub tokens and signs Connect's state (default: a key for this process only). */
  readonly secretBox?: SecretBox;
  /** Issue 16: the chat's model (null: answers from the scan), budgets, and where scans are read. */
  readonly chat?: {
    readonly llm: LlmConfig | null;
    readonly limits: ChatLimits;
    readonly loadScan?: ChatServiceDeps['loadScan'];
  };
  /** Issue 33 item 4: disputes filed per client address; default 5 an hour in memory. */
  readonly disputeLimiter?: RateLimiter;
  /** Issue 33: the signed receipts of simulated verdicts, their check and the public keys; absent: no routes. */
  readonly receipts?: Omit<ReceiptsFeatureOptions, 'access'>;
  /** Issue 17: wallet screening (POST /api/safescan); absent: no route. */
  readonly safescan?: Safescan;
  /** Issue 17: Safescan's keyless budget (10 calls a minute by default, in memory). */
  readonly safescanRateLimiter?: RateLimiter;
  /** Issue 32: watched tokens (POST/GET/DELETE /api/watches); absent: no routes. */
  readonly watches?: WatchesOptions;
  /** Issue 32: sends watch events; the redeliver route asks it for an attempt at once (absent: the sending process's sweep finds it). */
  readonly watchDeliveries?: Pick<WatchDeliveryService, 'kick'> | undefined;
}
