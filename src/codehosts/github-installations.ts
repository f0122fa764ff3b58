/**
 * The GitHub App installations each account connected (table github_installations), and
 * their installation access tokens: sealed with the secret box at rest, reused until five
 * minutes before they expire, and only ever used for the account that connected them.
 */
import type { Kysely } from 'kysely';
import type { Database, DashboardScanTables } from '../store/schema.ts';
import type { SecretBox } from './secret-box.ts';
import type { GithubClient, GithubRepository } from './github-client.ts';

export interface GithubInstallations {
  list(accountId: string): Promise<{ installationId: string; login: string }[]>;
  save(accountId: string, installationId: string, login: string): Promise<void>;
  removeAll(accountId: string): Promise<void>;
  /** The repositories the account's installations grant. */
  grantedRepositories(accountId: string): Promise<GithubRepository[]>;
  /** An installation token of this account that reaches the repository, or null. */
  tokenFor(accountId: string, fullName: string): Promise<string | null>;
}

const REFRESH_MARGIN_MS = 5 * 60_000;

export function createGithubInstallations(
  base: Kysely<Database>,
  box: SecretBox,
  github: GithubClient,
  now: () => Date,
): GithubInstallations {
  const db = base.withTables<DashboardScanTables>();

  const token = async (accountId: string, installationId: string): Promise<string> => {
    const row = await db
      .selectFrom('github_installations')
      .select(['access_token', 'access_token_expires_at'])
      .where('account_id', '=', accountId)
      .where('installation_id', '=', installationId)
      .executeTakeFirst();
    const cached = row?.access_token ? box.open(row.access_token) : null;
    if (cached && row?.access_token_expires_at && Date.parse(row.access_token_expires_at) - REFRESH_MARGIN_MS > now().getTime())
      return cached;
    const fresh = await github.installationToken(installationId);
    await db
      .updateTable('github_installations')
      .set({ access_token: box.seal(fresh.token), access_token_expires_at: fresh.expiresAt })
      .where('account_id', '=', accountId)
      .where('installation_id', '=', installationId)
      .execute();
    return fresh.token;
  };

  const list = async (accountId: string) =>
    (
      await db
        .selectFrom('github_installations')
        .select(['installation_id', 'github_login'])
        .where('account_id', '=', accountId)
        .orderBy('created_at')
        .execute()
    ).map((r) => ({ installationId: r.installation_id, login: r.github_login }));

  return {
    list,
    async save(accountId, installationId, login) {
      await db
        .deleteFrom('github_installations')
        .where('account_id', '=', accountId)
        .where('installation_id', '=', installationId)
        .execute();
      await db
        .insertInto('github_installations')
        .values({
          account_id: accountId,
          installation_id: installationId,
          github_login: login,
          access_token: null,
          access_token_expires_at: null,
          created_at: now().toISOString(),
        })
        .execute();
    },
    async removeAll(accountId) {
      await db.deleteFrom('github_installations').where('account_id', '=', accountId).execute();
    },
    async grantedRepositories(accountId) {
      const all: GithubRepository[] = [];
      for (const installation of await list(accountId)) {
        all.push(...(await github.installationRepositories(await token(accountId, installation.installationId))));
      }
      const seen = new Set<string>();
      return all.filter((r) => !seen.has(r.fullName.toLowerCase()) && seen.add(r.fullName.toLowerCase()));
    },
    async tokenFor(accountId, fullName) {
      for (const installation of await list(accountId)) {
        const value = await token(accountId, installation.installationId);
        const granted = await github.installationRepositories(value);
        if (granted.some((r) => r.fullName.toLowerCase() === fullName.toLowerCase())) return value;
      }
      return null;
    },
  };
}
