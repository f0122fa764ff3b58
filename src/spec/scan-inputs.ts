/**
 * The dashboard scan form's five inputs, checked when Scan is pressed (user-interface
 * item 2): a contract URL, a token address with its network, .sol files, a ZIP of them,
 * and a GitHub or GitLab repository link. Pure, so the browser runs the same checks the
 * tests do; the server checks everything again (it cannot trust the browser), and only
 * it can look inside a ZIP or ask a code host whether a repository is private.
 */
import { isEvmAddress, isSolanaAddress } from './address.ts';
import { MESSAGES } from './messages.ts';
import { parseExplorerUrl, type ExplorerHostIndex } from './explorer-urls.ts';
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

export interface RepositoryRef {
  readonly host: 'github' | 'gitlab';
  /** GitHub: the owner; GitLab: the group path (may hold subgroups, `a/b`). */
  readonly owner: string;
  readonly repo: string;
  /** Branch, tag or commit from a `/tree/<ref>` link; absent means the default branch. */
  readonly ref?: string;
  /** Folder inside the repository from a `/tree/<ref>/<folder>` link. */
  readonly path?: string;
  /** The canonical link: https://host/owner/repo. */
  readonly url: string;
}

export interface RepositoryHosts {
  /** Web hosts of GitHub (github.com by default). */
  readonly github?: readonly string[];
  /** Web hosts of GitLab (gitlab.com by default; a self-hosted GITLAB_URL adds its own). */
  readonly gitlab?: readonly string[];
}

const SEGMENT = /^[A-Za-z0-9_.-]+$/;

/**
 * A repository link → host, owner, repository, branch and folder. Accepted: the
 * repository page, its `.git` clone URL, and a branch or folder page
 * (GitHub `/tree/<branch>/<folder>`, GitLab `/-/tree/<branch>/<folder>`). A branch
 * name with a slash cannot be told from a folder in a link; the first segment is taken
 * as the branch (as both hosts' own short links do).
 */
export function parseRepositoryUrl(input: string, hosts: RepositoryHosts = {}): Checked<RepositoryRef> {
  const text = input.trim();
  if (text === '') return fail(S.repositoryUrl);
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return fail(S.repositoryUrl);
  }
  const host = url.host.toLowerCase().replace(/^www\./, '');
  const github = (hosts.github ?? ['github.com']).map((h) => h.toLowerCase());
  const gitlab = (hosts.gitlab ?? ['gitlab.com']).map((h) => h.toLowerCase());
  const kind = github.includes(host) ? 'github' : gitlab.includes(host) ? 'gitlab' : undefined;
  if (!kind || (url.protocol !== 'https:' && url.protocol !== 'http:')) return fail(S.repositoryHost([...github, ...gitlab].join(' and ')));
  let segments: string[];
  try {
    segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return fail(S.repositoryUrl);
  }
  const origin = `${url.protocol}//${url.host}`;
  if (kind === 'github') {
    const [owner, rawRepo, marker, ref, ...folder] = segments;
    const repo = rawRepo?.replace(/\.git$/, '');
    if (!owner || !repo || !SEGMENT.test(owner) || !SEGMENT.test(repo)) return fail(S.repositoryUrl);
    if (marker !== undefined && (marker !== 'tree' || !ref)) return fail(S.repositoryUrl);
    return { ok: true, value: build('github', owner, repo, ref, folder, `${origin}/${owner}/${repo}`) };
  }
  // GitLab: group/subgroup…/project, then optionally -/tree/<ref>/<folder>.
  const dash = segments.indexOf('-');
  const projectPath = dash === -1 ? segments : segments.slice(0, dash);
  const rest = dash === -1 ? [] : segments.slice(dash + 1);
  if (projectPath.length < 2 || !projectPath.every((s) => SEGMENT.test(s))) return fail(S.repositoryUrl);
  const repo = projectPath[projectPath.length - 1]!.replace(/\.git$/, '');
  const owner = projectPath.slice(0, -1).join('/');
  if (!repo) return fail(S.repositoryUrl);
  const [marker, ref, ...folder] = rest;
  if (marker !== undefined && (marker !== 'tree' || !ref)) return fail(S.repositoryUrl);
  return { ok: true, value: build('gitlab', owner, repo, ref, folder, `${origin}/${owner}/${repo}`) };
}

function build(
  host: 'github' | 'gitlab',
  owner: string,
  repo: string,
  ref: string | undefined,
  folder: string[],
  url: string,
): RepositoryRef {
  return { host, owner, repo, url, ...(ref ? { ref } : {}), ...(folder.length > 0 ? { path: folder.join('/') } : {}) };
}
