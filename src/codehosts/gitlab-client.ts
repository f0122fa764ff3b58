/**
 * GitLab's REST API (v4) as this service uses it, without credentials: a project's
 * metadata (a private or internal project answers 404 to an anonymous caller, which is
 * how a private link is told apart) and its ZIP archive at a ref, limited to a folder.
 */
import type { CodeHostConfig } from './code-host-config.ts';
import { outboundFetch, OutboundError, type OutboundPolicy } from './outbound.ts';

export interface GitlabProject {
  readonly id: number;
  readonly fullName: string;
  readonly visibility: string;
  readonly defaultBranch: string | null;
}

export interface GitlabClient {
  /** null when GitLab shows the project to nobody anonymous (private, internal or missing). */
  project(fullName: string): Promise<GitlabProject | null>;
  archive(projectId: number, ref: string | null, path: string | null, maxBytes: number): Promise<Buffer>;
}

export function createGitlabClient(config: CodeHostConfig, policy: OutboundPolicy): GitlabClient {
  const api = `${config.gitlabUrl}/api/v4`;
  const headers = { accept: 'application/json', 'user-agent': 'scopeward' };
  return {
    async project(fullName) {
      const response = await outboundFetch(`${api}/projects/${encodeURIComponent(fullName)}`, { headers }, policy, 2 * 1024 * 1024);
      if (response.status === 404 || response.status === 401 || response.status === 403) return null;
      if (response.status !== 200) throw new OutboundError(`GitLab answered ${response.status}`, 'unreachable');
      const body = response.json<{ id: number; path_with_namespace: string; visibility?: string; default_branch?: string | null }>();
      return {
        id: body.id,
        fullName: body.path_with_namespace,
        // An anonymous answer carries no visibility field on some versions: it is public, or we would not see it.
        visibility: body.visibility ?? 'public',
        defaultBranch: body.default_branch ?? null,
      };
    },
    async archive(projectId, ref, path, maxBytes) {
      const query = new URLSearchParams();
      if (ref) query.set('sha', ref);
      if (path) query.set('path', path);
      const response = await outboundFetch(`${api}/projects/${projectId}/repository/archive.zip?${query}`, { headers }, policy, maxBytes);
      if (response.status !== 200) throw new OutboundError(`GitLab answered ${response.status} for the archive`, 'unreachable');
      return response.body;
    },
  };
}
