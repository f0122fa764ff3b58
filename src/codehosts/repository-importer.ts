/**
 * Repository import for the dashboard: decides whether a GitHub or GitLab link is public
 * or private and whether this account can import it, and reads its .sol files at the
 * link's branch and folder (the default branch otherwise) from the host's ZIP archive.
 * Private repositories are imported from GitHub only, through the account's GitHub App
 * installations; a private GitLab link is refused with the reason.
 */
import { MESSAGES } from '../interface/messages.ts';
import type { RepositoryCheck, RepositoryRef } from '../interface/schemas/dashboard-scans.ts';
import { ScanInputError } from '../dashboard-scans/scan-input-error.ts';
import { readSolZip } from '../dashboard-scans/read-sol-zip.ts';
import { DEFAULT_UPLOAD_LIMITS, type UploadLimits } from '../dashboard-scans/upload-limits.ts';
import type { CodeHostConfig } from './code-host-config.ts';
import type { GithubClient } from './github-client.ts';
import { GithubError } from './github-client.ts';
import type { GitlabClient } from './gitlab-client.ts';
import type { GithubInstallations } from './github-installations.ts';
import { OutboundError } from './outbound.ts';
import { parseRepositoryUrl } from './repository-url.ts';
import type { ImportedRepository, RepositoryImporter } from './repository-importer-types.ts';

const M = MESSAGES.dashboardScans;

/** Repositories carry more than an upload: libraries, tests. The per-file and total limits stay. */
export const REPOSITORY_LIMITS: UploadLimits = {
  ...DEFAULT_UPLOAD_LIMITS,
  maxFiles: 500,
  maxArchiveBytes: 32 * 1024 * 1024,
  maxArchiveEntries: 20_000,
};

export interface RepositoryImporterDeps {
  readonly config: CodeHostConfig;
  readonly github: GithubClient;
  readonly gitlab: GitlabClient;
  readonly installations: GithubInstallations;
  readonly limits?: UploadLimits;
}

interface Access {
  readonly check: RepositoryCheck;
  readonly token?: string;
  readonly defaultBranch: string | null;
  readonly gitlabId?: number;
}

export function createRepositoryImporter(deps: RepositoryImporterDeps): RepositoryImporter {
  const limits = deps.limits ?? REPOSITORY_LIMITS;

  const access = async (url: unknown, accountId: string): Promise<Access> => {
    const ref = parseRepositoryUrl(url, deps.config);
    return hostCall(ref.host, async () => {
      if (ref.host === 'gitlab') {
        const project = await deps.gitlab.project(ref.fullName);
        if (!project || project.visibility !== 'public')
          return { check: result(ref, 'private', false, false, M.gitlabPrivate), defaultBranch: null };
        return { check: result(ref, 'public', true, false, null), defaultBranch: project.defaultBranch, gitlabId: project.id };
      }
      const open = await deps.github.repository(ref.fullName);
      if (open && !open.private) return { check: result(ref, 'public', true, false, null), defaultBranch: open.defaultBranch };
      const token = await deps.installations.tokenFor(accountId, ref.fullName);
      const granted = token ? await deps.github.repository(ref.fullName, token) : null;
      if (token && granted) return { check: result(ref, 'private', true, false, null), token, defaultBranch: granted.defaultBranch };
      const configured = deps.config.githubApp !== null;
      return {
        check: result(ref, 'private', false, configured, configured ? M.githubConnect : M.githubNotConfigured),
        defaultBranch: null,
      };
    });
  };

  return {
    async check(url, accountId) {
      return (await access(url, accountId)).check;
    },

    async fetch(url, accountId): Promise<ImportedRepository> {
      const found = await access(url, accountId);
      const { check } = found;
      if (!check.importable) {
        if (check.host === 'gitlab') throw new ScanInputError(check.message ?? M.gitlabPrivate, 'repository', 400);
        throw new ScanInputError(check.message ?? M.githubConnect, 'repository', 403, { connect: check.connect });
      }
      const ref: RepositoryRef = { host: check.host, fullName: check.fullName, ref: check.ref ?? found.defaultBranch, path: check.path };
      const archive = await hostCall(ref.host, async () => {
        if (ref.host === 'github') {
          if (!ref.ref) throw new ScanInputError(M.repositoryNotFound, 'repository', 404);
          return deps.github.zipball(ref.fullName, ref.ref, found.token, limits.maxArchiveBytes);
        }
        return deps.gitlab.archive(found.gitlabId!, ref.ref, ref.path, limits.maxArchiveBytes);
      });
      const content = await readSolZip(archive, limits, {
        field: 'repository',
        stripTopFolder: true,
        folder: ref.path,
        noSolMessage: M.repositoryNoSol,
      });
      return { ref, visibility: check.visibility, sources: content.sources, ignoredEntries: content.ignoredEntries };
    },
  };
}

function result(
  ref: RepositoryRef,
  visibility: 'public' | 'private',
  importable: boolean,
  connect: boolean,
  message: string | null,
): RepositoryCheck {
  return { ...ref, visibility, importable, connect, message };
}

/** A code host's failures in the dashboard's words: down → 503, a missing ref → 404, too large → 413. */
async function hostCall<T>(host: 'github' | 'gitlab', run: () => Promise<T>): Promise<T> {
  const name = host === 'github' ? 'GitHub' : 'GitLab';
  try {
    return await run();
  } catch (error) {
    if (error instanceof ScanInputError) throw error;
    if (error instanceof OutboundError) {
      if (error.reason === 'too-large')
        throw new ScanInputError(M.zipTooLarge(REPOSITORY_LIMITS.maxArchiveBytes / 1024 / 1024), 'repository', 413);
      throw new ScanInputError(M.codeHostDown(name), 'repository', 503);
    }
    if (error instanceof GithubError) {
      if (error.status === 404) throw new ScanInputError(M.repositoryNotFound, 'repository', 404);
      throw new ScanInputError(M.codeHostDown(name), 'repository', 503);
    }
    throw error;
  }
}
