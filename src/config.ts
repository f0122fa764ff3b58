/**
 * Service configuration from the environment (and a `.env` file when present).
 * Every variable is optional; the defaults run everything embedded on one machine.
 */
import { resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { existsSync, readFileSync } from 'node:fs';
import { DEFAULT_HTTP_LIMITS, type HttpLimits } from './api/http-limits.ts';

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  /** PostgreSQL instead of the embedded SQLite database. */
  readonly databaseUrl: string | undefined;
  /** Redis for rate limits, cache and the job queue. */
  readonly redisUrl: string | undefined;
  /** Whether the embedded devnet starts with the service. */
  readonly devnet: boolean;
  readonly devnetPort: number;
  /**
   * Who may send state-changing and debug methods to the devnet's /rpc: `local` (loopback
   * clients of a loopback HOST, admin keys) or `open` (anyone). See the README's policy.
   */
  readonly devnetRpc: 'local' | 'open';
  /** Calls per minute per outside client on the devnet's /rpc and /rpc/solana (each batch item is a call). */
  readonly devnetRpcCallsPerMinute: number;
  /**
   * Host names the devnet's JSON-RPC answers when the service listens on loopback, besides
   * loopback names (RPC_ALLOWED_HOSTS, comma-separated; BASE_URL's host is added). Other
   * Host headers are refused: the guard against DNS rebinding.
   */
  readonly rpcAllowedHosts: readonly string[];
  readonly logLevel: string;
  /** Calls per minute per client on the keyless operations (spec: 5). */
  readonly anonymousCallsPerMinute: number;
  /** Trust X-Forwarded-For from this many proxy hops (0: use the socket address). */
  readonly trustProxyHops: number;
  /** Prefix of the rate-limit keys in Redis (separates installations sharing one Redis). */
  readonly rateLimitPrefix: string;
  /** Public base URL of the main host (links in responses); unset: the request's host. */
  readonly baseUrl: string | undefined;
  /** With Redis: the BullMQ queue scans go through (separates installations sharing a Redis). */
  readonly scanQueue: string;
  /** With Redis: whether the API process also works the scan queue. */
  readonly scanWorker: boolean;
  /** How long a scan snapshot is served before a request rescans, in seconds. */
  readonly scanFreshnessSeconds: number;
  /** Analysis worker threads; 0: one per core. */
  readonly analysisThreads: number;
  /** Seconds between two warnings about one unreachable dependency (Redis, the database); DEPENDENCY_WARNING_SECONDS. */
  readonly dependencyWarningSeconds: number;
  /** Origins allowed by CORS (CORS_ORIGINS, comma-separated); empty: none. */
  readonly corsOrigins: readonly string[];
  /** Largest request body accepted, in bytes. */
  readonly bodyLimitBytes: number;
  /** Issue 30: how long the server waits for a client's request and how many connections one client holds. */
  readonly httpLimits: HttpLimits;
  /** SMTP server for account e-mails (smtp[s]://user:pass@host:port); unset: DATA_DIR/outbox/. */
  readonly smtpUrl: string | undefined;
  /** The From of account e-mails. */
  readonly mailFrom: string;
  /** The first account to sign up becomes an admin while there is none. */
  readonly firstSignupAdmin: boolean;
  /** Where requests for the operator's offers are e-mailed; unset: every admin account. */
  readonly operatorEmail: string | undefined;
  /** USD value of one USDT when a voucher is applied (1 unless configured). */
  readonly voucherUsdPerUsdt: number;
  // --- issue 16: the details page's chat ---
  /** An OpenAI-compatible chat-completions endpoint (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL); null: answers are composed from the scan. */
  readonly llm: {
    readonly baseUrl: string;
    readonly apiKey: string | undefined;
    readonly model: string;
    readonly timeoutMs: number;
  } | null;
  /** Chat questions per account and UTC day. */
  readonly chatDailyMessages: number;
  /** Language-model tokens per account and UTC day; past it, answers come from the scan. */
  readonly chatDailyTokens: number;
  /** Issue 19: the enrichment providers (socials, aggregators, domain, repository) and how a scan waits for them. */
  readonly enrichment: EnrichmentConfig;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** Which keyless enrichment providers ENRICH_KEYLESS may switch on. */
export const KEYLESS_PROVIDERS = ['discord', 'reddit', 'github', 'rdap', 'dns', 'lighthouse'] as const;
export type KeylessProvider = (typeof KEYLESS_PROVIDERS)[number];

/** One HTTP provider's endpoint and credential; null in EnrichmentConfig when it is switched off. */
export interface ProviderEndpoint {
  readonly url: string;
  /** API key, bot token or bearer token ('' for keyless providers). */
  readonly key: string;
}

export interface EnrichmentConfig {
  /** How long a scan waits for live enrichment before answering with what is stored (ENRICH_BUDGET_MS). */
  readonly budgetMs: number;
  /** How often the slow sources of recently scanned tokens are refreshed (ENRICH_POLL_MINUTES; 0: never). */
  readonly pollMinutes: number;
  readonly aggregatorA: ProviderEndpoint | null;
  readonly aggregatorB: ProviderEndpoint | null;
  readonly telegram: ProviderEndpoint | null;
  readonly discord: ProviderEndpoint | null;
  readonly reddit: ProviderEndpoint | null;
  readonly x: ProviderEndpoint | null;
  readonly github: ProviderEndpoint | null;
  readonly rdap: ProviderEndpoint | null;
  /** Name servers the DNS checks ask (DNS_SERVERS, host or host:port); empty: the system's. */
  readonly dns: { readonly servers: readonly string[] } | null;
  /** Chromium the Lighthouse run starts (LIGHTHOUSE_CHROMIUM). */
  readonly lighthouse: { readonly chromiumPath: string } | null;
  /** Outbound safety off: websites on private, loopback and link-local addresses may be read (tests only). */
  readonly allowPrivate: boolean;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

function integer(env: Record<string, string | undefined>, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min) throw new ConfigError(`${name} must be at least ${min}, got ${value}`);
  return value;
}

function positiveNumber(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || !(value > 0)) throw new ConfigError(`${name} must be a positive number, got "${raw}"`);
  return value;
}

function flag(env: Record<string, string | undefined>, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'on', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'off', 'no'].includes(raw)) return false;
  throw new ConfigError(`${name} must be on or off, got "${env[name]}"`);
}

function devnetRpcMode(env: Record<string, string | undefined>): 'local' | 'open' {
  const raw = env.DEVNET_RPC?.trim().toLowerCase();
  if (raw === undefined || raw === '' || raw === 'local') return 'local';
  if (raw === 'open') return 'open';
  throw new ConfigError(`DEVNET_RPC must be local or open, got "${env.DEVNET_RPC}"`);
}

/** Issue 16: the chat's model. A model name is required with a URL (servers host several). */
function llmConfig(env: Record<string, string | undefined>): Config['llm'] {
  const baseUrl = env.LLM_BASE_URL?.trim();
  if (!baseUrl) return null;
  if (!/^https?:\/\//i.test(baseUrl)) throw new ConfigError(`LLM_BASE_URL must be an http(s) URL, got "${baseUrl}"`);
  const model = env.LLM_MODEL?.trim();
  if (!model) throw new ConfigError('LLM_MODEL must name the model to use when LLM_BASE_URL is set');
  return { baseUrl, apiKey: env.LLM_API_KEY?.trim() || undefined, model, timeoutMs: integer(env, 'LLM_TIMEOUT_MS', 60_000, 100) };
}

function httpUrl(env: Record<string, string | undefined>, name: string, fallback: string): string {
  const raw = env[name]?.trim();
  const value = raw === undefined || raw === '' ? fallback : raw;
  if (!/^https?:\/\/[^\s]+$/i.test(value)) throw new ConfigError(`${name} must be an http(s) URL, got "${value}"`);
  return value.replace(/\/+$/, '');
}

/**
 * Issue 19. A provider that needs a key is on when its key (or its URL) is set; a keyless one
 * when ENRICH_KEYLESS names it or its own URL/setting is given. Nothing is on by default: an
 * installation without internet must not wait on providers it cannot reach.
 */
function enrichmentConfig(env: Record<string, string | undefined>): EnrichmentConfig {
  const set = (name: string) => (env[name]?.trim() ?? '') !== '';
  const keyless = new Set<string>();
  for (const raw of (env.ENRICH_KEYLESS ?? '').split(',')) {
    const name = raw.trim().toLowerCase();
    if (name === '') continue;
    if (!(KEYLESS_PROVIDERS as readonly string[]).includes(name))
      throw new ConfigError(`ENRICH_KEYLESS names unknown provider "${raw.trim()}" (one of ${KEYLESS_PROVIDERS.join(', ')})`);
    keyless.add(name);
  }
  const keyed = (urlName: string, keyName: string, fallback: string, keyRequired: boolean): ProviderEndpoint | null => {
    if (!set(keyName) && (keyRequired || !set(urlName))) return null;
    return { url: httpUrl(env, urlName, fallback), key: env[keyName]?.trim() ?? '' };
  };
  const open = (name: KeylessProvider, urlName: string, fallback: string): ProviderEndpoint | null =>
    keyless.has(name) || set(urlName) ? { url: httpUrl(env, urlName, fallback), key: '' } : null;
  const servers = (env.DNS_SERVERS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  for (const server of servers)
    if (!/^(\[[0-9a-f:.]+\]|[0-9a-z.-]+)(:\d{1,5})?$|^[0-9a-f:]+$/i.test(server))
      throw new ConfigError(`DNS_SERVERS must list host or host:port entries, got "${server}"`);
  const chromium = env.LIGHTHOUSE_CHROMIUM?.trim() ?? '';
  return {
    budgetMs: integer(env, 'ENRICH_BUDGET_MS', 1_500, 1),
    pollMinutes: integer(env, 'ENRICH_POLL_MINUTES', 360),
    aggregatorA: keyed('AGGREGATOR_A_URL', 'AGGREGATOR_A_KEY', 'https://pro-api.coingecko.com/api/v3', false),
    aggregatorB: keyed('AGGREGATOR_B_URL', 'AGGREGATOR_B_KEY', 'https://pro-api.coinmarketcap.com', false),
    telegram: keyed('TELEGRAM_API_URL', 'TELEGRAM_BOT_TOKEN', 'https://api.telegram.org', true),
    discord: open('discord', 'DISCORD_API_URL', 'https://discord.com/api/v10'),
    reddit: open('reddit', 'REDDIT_API_URL', 'https://www.reddit.com'),
    x: keyed('X_API_URL', 'X_BEARER_TOKEN', 'https://api.x.com/2', true),
    // GITHUB_API_URL is shared with the code hosts: setting it does not switch the statistics on.
    github:
      set('GITHUB_STATS_TOKEN') || keyless.has('github')
        ? { url: httpUrl(env, 'GITHUB_API_URL', 'https://api.github.com'), key: env.GITHUB_STATS_TOKEN?.trim() ?? '' }
        : null,
    rdap: open('rdap', 'RDAP_URL', 'https://rdap.org'),
    dns: keyless.has('dns') || servers.length > 0 ? { servers } : null,
    lighthouse: keyless.has('lighthouse') || chromium !== '' ? { chromiumPath: chromium || '/usr/bin/chromium' } : null,
    allowPrivate: flag(env, 'ENRICH_ALLOW_PRIVATE', false),
  };
}

function httpLimits(env: Record<string, string | undefined>): HttpLimits {
  const d = DEFAULT_HTTP_LIMITS;
  const limits: HttpLimits = {
    requestTimeoutMs: integer(env, 'HTTP_REQUEST_TIMEOUT_MS', d.requestTimeoutMs, 100),
    headersTimeoutMs: integer(env, 'HTTP_HEADERS_TIMEOUT_MS', d.headersTimeoutMs, 100),
    idleTimeoutMs: integer(env, 'HTTP_IDLE_TIMEOUT_MS', d.idleTimeoutMs, 100),
    keepAliveTimeoutMs: integer(env, 'HTTP_KEEP_ALIVE_TIMEOUT_MS', d.keepAliveTimeoutMs, 100),
    maxConnectionsPerClient: integer(env, 'MAX_CONNECTIONS_PER_CLIENT', d.maxConnectionsPerClient),
  };
  // Node refuses to start a server whose header limit exceeds its request limit.
  if (limits.headersTimeoutMs > limits.requestTimeoutMs)
    throw new ConfigError(
      `HTTP_HEADERS_TIMEOUT_MS (${limits.headersTimeoutMs}) must not exceed HTTP_REQUEST_TIMEOUT_MS (${limits.requestTimeoutMs})`,
    );
  return limits;
}

function rpcAllowedHosts(env: Record<string, string | undefined>): string[] {
  const listed = (env.RPC_ALLOWED_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter((h) => h !== '');
  const base = env.BASE_URL?.trim();
  if (base && URL.canParse(base)) listed.push(new URL(base).hostname.replace(/^\[|\]$/g, '').toLowerCase());
  return listed;
}

/** Reads `.env` from the working directory; real environment variables win over it. */
export function readEnv(cwd = process.cwd()): Record<string, string | undefined> {
  const file = resolve(cwd, '.env');
  const fromFile = existsSync(file) ? parseEnv(readFileSync(file, 'utf8')) : {};
  return { ...fromFile, ...process.env };
}

export function loadConfig(env: Record<string, string | undefined> = readEnv()): Config {
  const empty = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value.trim());
  return {
    port: integer(env, 'PORT', 3000),
    host: empty(env.HOST) ?? '127.0.0.1',
    dataDir: resolve(empty(env.DATA_DIR) ?? './data'),
    databaseUrl: empty(env.DATABASE_URL),
    redisUrl: empty(env.REDIS_URL),
    devnet: flag(env, 'DEVNET', true),
    devnetPort: integer(env, 'DEVNET_PORT', 8545),
    devnetRpc: devnetRpcMode(env),
    devnetRpcCallsPerMinute: integer(env, 'DEVNET_RPC_PER_MINUTE', 300, 1),
    rpcAllowedHosts: rpcAllowedHosts(env),
    logLevel: empty(env.LOG_LEVEL) ?? 'info',
    anonymousCallsPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 5, 1),
    trustProxyHops: integer(env, 'TRUST_PROXY_HOPS', 0),
    rateLimitPrefix: empty(env.RATE_LIMIT_PREFIX) ?? 'sw-rl',
    baseUrl: empty(env.BASE_URL),
    scanWorker: flag(env, 'SCAN_WORKER', true),
    scanQueue: empty(env.SCAN_QUEUE) ?? 'scopeward-scans',
    scanFreshnessSeconds: integer(env, 'SCAN_FRESHNESS_SECONDS', 600),
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 1024 * 1024, 1024),
    httpLimits: httpLimits(env),
    analysisThreads: integer(env, 'ANALYSIS_THREADS', 0),
    dependencyWarningSeconds: integer(env, 'DEPENDENCY_WARNING_SECONDS', 30, 1),
    corsOrigins: (empty(env.CORS_ORIGINS) ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter((o) => o !== ''),
    smtpUrl: empty(env.SMTP_URL),
    mailFrom: empty(env.MAIL_FROM) ?? 'scopeward <no-reply@localhost>',
    firstSignupAdmin: flag(env, 'FIRST_SIGNUP_ADMIN', false),
    operatorEmail: empty(env.OPERATOR_EMAIL),
    voucherUsdPerUsdt: positiveNumber(env, 'VOUCHER_USD_PER_USDT', 1),
    llm: llmConfig(env),
    chatDailyMessages: integer(env, 'CHAT_DAILY_MESSAGES', 50),
    chatDailyTokens: integer(env, 'CHAT_DAILY_TOKENS', 200_000),
    enrichment: enrichmentConfig(env),
    env,
  };
}
