/**
 * The dashboard scan form's five inputs, checked when Scan is pressed (user-interface
 * item 2): a contract URL, a token address with its network, .sol files, a ZIP of them,
 * and a GitHub or GitLab repository link. Pure, so the browser runs the same checks the
 * tests do; the server checks everything again (it cannot trust the browser), and only
 * it can look inside a ZIP or ask a code host whether a repository is private.
 */
import { isEvmAddress, isSolanaAddress } from './address.ts';
import { MESSAGES } from './messages.ts';
import { MAX_LINK_CHARS, parseExplorerUrl, type ExplorerHostIndex } from '../chain/explorer-urls.ts';
import { DEFAULT_UPLOAD_LIMITS, mib } from '../dashboard-scans/upload-limits.ts';

// The server's words where it checks the same thing, so one mistake reads the same
// whichever side caught it; the form's own, more precise ones otherwise.
const S = MESSAGES.dashboardScans;
const F = MESSAGES.dashboardScanForm;

/** The server's upload limits, checked here first so a too-large upload is not sent. */
export const UPLOAD_LIMITS = DEFAULT_UPLOAD_LIMITS;

export type InputKind = 'url' | 'address' | 'files' | 'zip' | 'repository';
export const INPUT_KINDS: readonly InputKind[] = ['url', 'address', 'files', 'zip', 'repository'];

export type Checked<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

const fail = (message: string) => ({ ok: false as const, message });

/** Sizes as the server's messages write them (1 MiB, 16 MiB). */
export function formatBytes(bytes: number): string {
  return `${mib(bytes)} MiB`;
}

export function checkContractUrl(input: string, extraHosts?: ExplorerHostIndex): Checked<{ network: string; address: string }> {
  const parsed = parseExplorerUrl(input, extraHosts);
  return parsed.ok ? { ok: true, value: { network: parsed.network, address: parsed.address } } : fail(parsed.message);
}

export function checkAddress(network: string, input: string): Checked<{ network: string; address: string }> {
  if (network === '') return fail(F.networkRequired);
  const address = input.trim();
  if (address === '') return fail(S.addressRequired);
  if (address.length > MAX_LINK_CHARS) return fail(S.inputTooLong('address', MAX_LINK_CHARS, address.length));
  if (network === 'SOL') return isSolanaAddress(address) ? { ok: true, value: { network, address } } : fail(F.solanaAddress);
  return isEvmAddress(address) ? { ok: true, value: { network, address } } : fail(F.evmAddress);
}

/** What the checks need of a browser File (name and size), so tests need no DOM. */
export interface FileLike {
  readonly name: string;
  readonly size: number;
}

export function checkSolFiles<F extends FileLike>(files: readonly F[]): Checked<readonly F[]> {
  if (files.length === 0) return fail(S.filesRequired);
  if (files.length > UPLOAD_LIMITS.maxFiles) return fail(S.tooManyFiles(UPLOAD_LIMITS.maxFiles));
  let total = 0;
  for (const file of files) {
    if (!/\.sol$/i.test(file.name)) return fail(S.notSol(file.name));
    if (file.size === 0) return fail(F.emptyFile(file.name));
    if (file.size > UPLOAD_LIMITS.maxFileBytes) return fail(S.fileTooLarge(file.name, mib(UPLOAD_LIMITS.maxFileBytes)));
    total += file.size;
  }
  if (total > UPLOAD_LIMITS.maxTotalBytes) return fail(S.totalTooLarge(mib(UPLOAD_LIMITS.maxTotalBytes)));
  return { ok: true, value: files };
}

export function checkZip<F extends FileLike>(file: F | undefined): Checked<F> {
  if (!file) return fail(S.zipRequired);
  if (!/\.zip$/i.test(file.name)) return fail(S.zipRequired);
  if (file.size === 0) return fail(F.emptyFile(file.name));
  if (file.size > UPLOAD_LIMITS.maxArchiveBytes) return fail(S.zipTooLarge(mib(UPLOAD_LIMITS.maxArchiveBytes)));
  return { ok: true, value: file };
}

/**
 * What the form can tell of a repository link without knowing the server's code hosts
 * (GITHUB_API_URL and GITLAB_URL may name self-hosted ones): a web link with at least an
 * owner and a name. Which hosts are accepted is the server's answer, shown in place.
 */
export function checkRepositoryLink(input: string): Checked<string> {
  const text = input.trim();
  if (text.length > MAX_LINK_CHARS) return fail(S.inputTooLong('repository link', MAX_LINK_CHARS, text.length));
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return fail(S.repositoryUrl);
  }
  if (text === '' || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.pathname.split('/').filter(Boolean).length < 2) {
    return fail(S.repositoryUrl);
  }
  return { ok: true, value: text };
}
