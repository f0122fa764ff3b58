/** Builds the code-host clients, the installations store and the importer from one configuration. */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { CodeHostConfig } from './code-host-config.ts';
import { createGithubClient, type GithubClient } from './github-client.ts';
import { createGitlabClient } from './gitlab-client.ts';
import { createGithubInstallations, type GithubInstallations } from './github-installations.ts';
import { createRepositoryImporter } from './repository-importer.ts';
import type { RepositoryImporter } from './repository-importer-types.ts';
import type { OutboundPolicy } from './outbound.ts';
import type { SecretBox } from './secret-box.ts';

export interface CodeHosts {
  readonly github: GithubClient;
  readonly installations: GithubInstallations;
  readonly importer: RepositoryImporter;
  readonly githubConfigured: boolean;
}

/** The origins requests may go to: the configured API and web roots (and GitHub's archive host, where zipballs redirect). */
export function allowedOrigins(config: CodeHostConfig): string[] {
  const web = new URL(config.githubWebUrl);
  return [
    ...new Set([
      new URL(config.githubApiUrl).origin,
      web.origin,
      `${web.protocol}//codeload.${web.host}`,
      new URL(config.gitlabUrl).origin,
    ]),
  ];
}

export function createCodeHosts(input: { db: Kysely<Database>; config: CodeHostConfig; box: SecretBox; now: () => Date }): CodeHosts {
  const policy: OutboundPolicy = {
    allowedOrigins: allowedOrigins(input.config),
    allowPrivateAddresses: input.config.allowPrivateAddresses,
  };
  const github = createGithubClient(input.config, policy, input.now);
  const gitlab = createGitlabClient(input.config, policy);
  const installations = createGithubInstallations(input.db, input.box, github, input.now);
  return {
    github,
    installations,
    importer: createRepositoryImporter({ config: input.config, github, gitlab, installations }),
    githubConfigured: input.config.githubApp !== null,
  };
}
