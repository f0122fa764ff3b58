/**
 * A repository link as the user pastes it: the host (GitHub or GitLab, as configured),
 * the repository, and the branch and folder when the link names them.
 *   GitHub: {web}/owner/repo[.git][/tree/REF[/PATH]]
 *   GitLab: {gitlab}/group[/subgroup…]/project[.git][/-/tree/REF[/PATH]]
 * A branch whose name holds a slash is read as branch + folder (the link cannot tell).
 */
import { MESSAGES } from '../interface/messages.ts';
import type { RepositoryRef } from '../interface/schemas/dashboard-scans.ts';
import { ScanInputError } from '../dashboard-scans/scan-input-error.ts';
import type { CodeHostConfig } from './code-host-config.ts';

const M = MESSAGES.dashboardScans;
const SEGMENT = /^[A-Za-z0-9_.-]+$/;

export function parseRepositoryUrl(input: unknown, config: Pick<CodeHostConfig, 'githubWebUrl' | 'gitlabUrl'>): RepositoryRef {
  if (typeof input !== 'string' || input.trim() === '') throw new ScanInputError(M.repositoryUrl, 'repository');
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new ScanInputError(M.repositoryUrl, 'repository');
  }
  const github = new URL(config.githubWebUrl);
  const gitlab = new URL(config.gitlabUrl);
  const host = url.host.toLowerCase().replace(/^www\./, '');
  const segments = url.pathname
    .split('/')
    .filter((s) => s !== '')
    .map((s) => decodeURIComponent(s));
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ScanInputError(M.repositoryUrl, 'repository');
  if (host === github.host.toLowerCase() && url.protocol === github.protocol) return githubRef(segments, github.pathname);
  if (host === gitlab.host.toLowerCase() && url.protocol === gitlab.protocol) return gitlabRef(segments, gitlab.pathname);
  throw new ScanInputError(M.repositoryHost(`${github.host} and ${gitlab.host}`), 'repository');
}

function withoutBase(segments: string[], basePath: string): string[] {
  const base = basePath.split('/').filter((s) => s !== '');
  return base.every((b, i) => segments[i] === b) ? segments.slice(base.length) : segments;
}

function githubRef(all: string[], basePath: string): RepositoryRef {
  const segments = withoutBase(all, basePath);
  const [owner, rawName, marker, ref, ...path] = segments;
  const name = rawName?.replace(/\.git$/, '');
  if (!owner || !name || !SEGMENT.test(owner) || !SEGMENT.test(name)) throw new ScanInputError(M.repositoryUrl, 'repository');
  if (marker !== undefined && marker !== 'tree') throw new ScanInputError(M.repositoryUrl, 'repository');
  return { host: 'github', fullName: `${owner}/${name}`, ref: ref ?? null, path: path.length > 0 ? path.join('/') : null };
}

function gitlabRef(all: string[], basePath: string): RepositoryRef {
  const segments = withoutBase(all, basePath);
  const dash = segments.indexOf('-');
  const project = (dash < 0 ? segments : segments.slice(0, dash)).map((s, i, a) => (i === a.length - 1 ? s.replace(/\.git$/, '') : s));
  if (project.length < 2 || !project.every((s) => SEGMENT.test(s))) throw new ScanInputError(M.repositoryUrl, 'repository');
  if (dash < 0) return { host: 'gitlab', fullName: project.join('/'), ref: null, path: null };
  const [marker, ref, ...path] = segments.slice(dash + 1);
  if (marker !== 'tree' || !ref) throw new ScanInputError(M.repositoryUrl, 'repository');
  return { host: 'gitlab', fullName: project.join('/'), ref, path: path.length > 0 ? path.join('/') : null };
}
