/**
 * `scopeward scan --server URL --api-key KEY <target>` (issue 29): submits the target to a
 * running service through `POST /api/scans` (an address, a contract URL, a repository URL
 * as JSON; a .sol file, a folder of them or a .zip as multipart), follows the scan by
 * polling `GET /api/scans/{id}` until it is done, and prints the verdict first, then the
 * score and the findings. Every HTTP failure becomes a CliError with the exit code of the
 * CLI's convention (cli-error.ts); the clock and the wait between polls are injected.
 */
import { readFile, readdir, stat } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import { CliError, EXIT, readError } from './cli-error.ts';

export interface RemoteScanOptions {
  /** The service's base URL, e.g. http://127.0.0.1:3000. */
  readonly server: string;
  readonly apiKey: string;
  /** An address, an explorer URL, a repository URL, a .sol file, a folder or a .zip. */
  readonly target: string;
  /** For an address: the network symbol (ETH, BSC, LOCAL, SOL…). */
  readonly network?: string | undefined;
  /** Give up following the scan after this long. */
  readonly timeoutMs: number;
  /** The wait between two reads of the scan. */
  readonly pollMs: number;
}

export interface RemoteScanDeps {
  readonly fetch: typeof fetch;
  /** Milliseconds; the deadline is measured with it. */
  readonly now: () => number;
  readonly wait: (ms: number) => Promise<void>;
  /** Called with each scan status read while following (progress on stderr). */
  readonly onStatus?: (status: string) => void;
}

export const REMOTE_DEFAULTS = { timeoutMs: 15 * 60_000, pollMs: 1_000 } as const;

/** The request `POST /api/scans` is sent: a JSON body or a multipart form. */
export type ScanSubmission =
  | { readonly kind: 'url' | 'repository'; readonly json: { kind: string; url: string } }
  | { readonly kind: 'address'; readonly json: { kind: 'address'; address: string; network?: string } }
  | { readonly kind: 'files' | 'zip'; readonly form: FormData };

/** Hosts whose URLs are repositories (the service's repository import), not explorer links. */
const REPOSITORY_HOSTS = new Set(['github.com', 'www.github.com', 'gitlab.com', 'www.gitlab.com']);
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const BASE58_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
/** Folders never sent (dependencies and build output hold .sol files that are not the project's). */
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', 'lib', 'out', 'artifacts', 'cache']);

/** What the target is, and the request that submits it. */
export async function submissionFor(target: string, network: string | undefined): Promise<ScanSubmission> {
  if (/^https?:\/\//i.test(target)) {
    let host: string;
    try {
      host = new URL(target).hostname.toLowerCase();
    } catch {
      throw new CliError(`${target}: not a valid URL`);
    }
    const kind = REPOSITORY_HOSTS.has(host) ? 'repository' : 'url';
    return { kind, json: { kind, url: target } };
  }
  const info = await stat(target).catch(() => null);
  if (info?.isDirectory()) {
    const files = await solFiles(target);
    if (files.length === 0) throw new CliError(`${target}: no .sol file found (other files are ignored)`);
    const form = new FormData();
    form.append('kind', 'files');
    for (const file of files) form.append('files', await fileBlob(file), relative(target, file));
    return { kind: 'files', form };
  }
  if (info?.isFile()) {
    const zip = /\.zip$/i.test(target);
    if (!zip && !/\.sol$/i.test(target))
      throw new CliError(`${target}: not a Solidity file (give a .sol file, a folder or a .zip of them)`);
    const form = new FormData();
    form.append('kind', zip ? 'zip' : 'files');
    form.append(zip ? 'zip' : 'files', await fileBlob(target), basename(target));
    return { kind: zip ? 'zip' : 'files', form };
  }
  if (EVM_ADDRESS.test(target) || BASE58_ADDRESS.test(target))
    return { kind: 'address', json: { kind: 'address', address: target, ...(network ? { network } : {}) } };
  throw new CliError(`${target}: not a file, folder, .zip, address or URL`);
}

async function fileBlob(file: string): Promise<Blob> {
  try {
    return new Blob([await readFile(file)]);
  } catch (error) {
    throw readError(file, error);
  }
}

async function solFiles(folder: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch((error: unknown) => {
      throw readError(dir, error);
    });
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) await walk(path);
      } else if (entry.isFile() && /\.sol$/i.test(entry.name)) out.push(path);
    }
  };
  await walk(folder);
  return out;
}

/** A scan as `GET /api/scans/{id}` answers it. */
export interface RemoteScanDetail {
  readonly scan: { readonly id: string; readonly status: string; readonly title: string; readonly kind: string };
  readonly error: { readonly message: string } | null;
  readonly result: Readonly<Record<string, unknown>> | null;
}

/** Submits the target and follows the scan until it is done or failed; returns what the service answered last. */
export async function runRemoteScan(options: RemoteScanOptions, deps: RemoteScanDeps): Promise<RemoteScanDetail> {
  const base = serverUrl(options.server);
  const submission = await submissionFor(options.target, options.network);
  const created = await call<{ scan: { id: string } }>(deps, base, options.apiKey, 'POST', '/api/scans', submission);
  const id = created.scan.id;
  const deadline = deps.now() + options.timeoutMs;
  for (;;) {
    const detail = await call<RemoteScanDetail>(deps, base, options.apiKey, 'GET', `/api/scans/${encodeURIComponent(id)}`);
    deps.onStatus?.(detail.scan.status);
    if (detail.scan.status === 'done' || detail.scan.status === 'failed') return detail;
    if (deps.now() >= deadline)
      throw new CliError(
        `the scan ${id} did not finish within ${Math.round(options.timeoutMs / 1000)} s (it may still finish: ${base}/scans/${id})`,
        EXIT.failed,
      );
    await deps.wait(options.pollMs);
  }
}

/** The SARIF export of a finished scan (`GET /api/scans/{id}/sarif`). */
export async function fetchSarif(options: Pick<RemoteScanOptions, 'server' | 'apiKey'>, deps: RemoteScanDeps, id: string): Promise<string> {
  const base = serverUrl(options.server);
  return call<string>(deps, base, options.apiKey, 'GET', `/api/scans/${encodeURIComponent(id)}/sarif`, undefined, 'text');
}

export function serverUrl(server: string): string {
  let parsed: URL;
  try {
    parsed = new URL(server);
  } catch {
    throw new CliError(`--server ${server}: not a URL (e.g. http://127.0.0.1:3000)`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new CliError(`--server ${server}: use an http:// or https:// URL`);
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
}

async function call<T>(
  deps: RemoteScanDeps,
  base: string,
  apiKey: string,
  method: 'GET' | 'POST',
  path: string,
  submission?: ScanSubmission,
  as: 'json' | 'text' = 'json',
): Promise<T> {
  const headers: Record<string, string> = { 'x-api-key': apiKey, accept: as === 'json' ? 'application/json' : '*/*' };
  let body: string | FormData | undefined;
  if (submission && 'json' in submission) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(submission.json);
  } else if (submission) body = submission.form;
  let response: Response;
  try {
    response = await deps.fetch(`${base}${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const why = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
    throw new CliError(`cannot reach the service at ${base}: ${why}`, EXIT.failed);
  }
  const text = await response.text();
  if (response.ok) {
    if (as === 'text') return text as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new CliError(`${base} answered ${method} ${path} with something that is not JSON: is it a scopeward service?`, EXIT.failed);
    }
  }
  throw httpFailure(response, text, base);
}

/** The service's error as one line, with the exit code: the caller's input (2) or the service (3). */
export function httpFailure(response: Pick<Response, 'status' | 'headers'>, text: string, base: string): CliError {
  let parsed: { message?: unknown; field?: unknown } = {};
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    // not JSON: the status says enough
  }
  const message = typeof parsed.message === 'string' ? parsed.message : `HTTP ${response.status}`;
  const status = response.status;
  if (status === 401 || status === 403)
    return new CliError(
      `${base} refused the API key (${status} ${message}): give a key of a dashboard account with --api-key or SCOPEWARD_API_KEY`,
      EXIT.badInput,
    );
  if (status === 429) {
    const retry = response.headers.get('retry-after');
    return new CliError(`${base}: ${message}${retry ? ` (retry after ${retry} s)` : ''}`, EXIT.failed);
  }
  if (status === 404) return new CliError(`${base}: ${message} (is this a scopeward service?)`, EXIT.failed);
  if (status >= 400 && status < 500) {
    const field = typeof parsed.field === 'string' ? ` [${parsed.field}]` : '';
    return new CliError(`${message}${field}`, EXIT.badInput);
  }
  return new CliError(`${base} answered ${status}: ${message}`, EXIT.failed);
}

interface VerdictLike {
  readonly summary?: string;
  readonly canBuy?: string;
  readonly canSell?: string;
  readonly sellAfterOwnerActions?: readonly { call: string; effect: string; by: string }[];
  readonly delayed?: readonly { after: string; detail: string }[];
  readonly risks?: readonly { name: string; answer: string; reason?: string }[];
}

export interface RemoteFinding {
  readonly severity: string;
  readonly title?: string;
  readonly detector?: string;
  readonly file?: string;
  readonly ranges?: readonly (readonly number[])[];
}

/** The verdict, the score and the findings of a finished scan, wherever its kind keeps them. */
export function scanOutcome(detail: RemoteScanDetail): {
  verdict: VerdictLike | null;
  score: number | null;
  findings: RemoteFinding[];
} {
  const result = (detail.result ?? {}) as {
    type?: string;
    meta?: { verdict?: VerdictLike; findings?: RemoteFinding[] };
    auditLayout?: { securityScore?: number };
    report?: { findings?: RemoteFinding[]; score?: { security?: number | null } };
  };
  const source = result.type === 'source';
  return {
    verdict: result.meta?.verdict ?? null,
    score: (source ? result.report?.score?.security : result.auditLayout?.securityScore) ?? null,
    findings: [...((source ? result.report?.findings : result.meta?.findings) ?? [])],
  };
}

const MARK: Readonly<Record<string, string>> = { yes: '✖', no: '✔', unknown: '?' };

/** The text report: the verdict first, then the score and each finding. */
export function remoteText(detail: RemoteScanDetail, base: string): string {
  const lines: string[] = [`scopeward scan ${detail.scan.title} (${detail.scan.kind}) on ${base}: ${detail.scan.status}`];
  if (detail.scan.status === 'failed') {
    lines.push(`The scan failed: ${detail.error?.message ?? 'no reason given'}`);
  } else {
    const { verdict, score, findings } = scanOutcome(detail);
    if (verdict) {
      lines.push('', `Verdict: ${verdict.summary ?? ''}`.trimEnd());
      lines.push(`  can buy: ${verdict.canBuy ?? 'unknown'} · can sell: ${verdict.canSell ?? 'unknown'}`);
      for (const a of verdict.sellAfterOwnerActions ?? []) lines.push(`  ${a.call} ${a.effect} a holder's sell (callable by ${a.by})`);
      for (const d of verdict.delayed ?? []) lines.push(`  a sell fails after ${d.after}: ${d.detail}`);
      const flagged = (verdict.risks ?? []).filter((r) => r.answer !== 'no');
      if (flagged.length > 0) {
        lines.push('  risks:');
        for (const r of flagged)
          lines.push(`    ${MARK[r.answer] ?? '?'} ${r.name}${r.answer === 'unknown' && r.reason ? ` (unknown: ${r.reason})` : ''}`);
      }
      const clear = (verdict.risks ?? []).filter((r) => r.answer === 'no').length;
      if (clear > 0) lines.push(`  ${clear} other risk ${clear === 1 ? 'category' : 'categories'}: none found`);
    } else lines.push('', 'Verdict: none in the answer');
    lines.push('', `Security score: ${score ?? 'n/a'}`);
    lines.push(`Findings: ${findings.length === 0 ? 'none' : findings.length}`);
    for (const f of findings) {
      const line = f.ranges?.[0]?.[0];
      const where = f.file ? ` (${f.file}${line === undefined ? '' : `:${line}`})` : '';
      lines.push(`  [${f.severity}] ${f.title ?? f.detector ?? 'finding'}${where}`);
    }
  }
  lines.push('', `Details: ${base}/scans/${detail.scan.id}`);
  return `${lines.join('\n')}\n`;
}
