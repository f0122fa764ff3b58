/** `scopeward keys create|list|revoke`: API keys, shown once at creation and stored as hashes. */
import type { Command } from 'commander';
import { createApiKey, listApiKeys, revokeApiKey } from '../../keys/api-key-repository.ts';
import { normalizeEmail } from '../../accounts/email-address.ts';
import { findAccountByEmail } from '../../accounts/account-repository.ts';
import { CliError } from '../cli-error.ts';
import { output, withStore } from '../with-store.ts';

export function register(program: Command): void {
  const keys = program.command('keys').description('manage API keys (sent by clients in the x-api-key header)');

  keys
    .command('create')
    .description('create a key and print it once; only its hash is stored')
    .option('--name <name>', 'a label to recognise the key by', 'cli')
    .option('--admin', 'allow the admin endpoints (audit registry) too')
    .option('--account <email>', 'a key of this dashboard account (its scans: POST /api/scans, `scan --server`)')
    .option('--json', 'machine-readable output')
    .action(async (options: { name: string; admin?: boolean; account?: string; json?: boolean }) => {
      const email = options.account === undefined ? undefined : normalizeEmail(options.account);
      if (options.account !== undefined && email === undefined)
        throw new CliError(`--account "${options.account}" is not an e-mail address`);
      const created = await withStore(async (store) => {
        const account = email === undefined ? undefined : await findAccountByEmail(store.db, email);
        if (email !== undefined && !account) throw new CliError(`--account ${email}: no such account (scopeward users create ${email})`);
        return createApiKey(store.db, { name: options.name, scope: options.admin ? 'admin' : 'user', accountId: account?.id ?? null });
      });
      output(options.json === true, created, () =>
        [`${created.key}`, '', `id ${created.id} (${created.scope}, "${created.name}")`, 'Store this key now: it is not shown again.'].join(
          '\n',
        ),
      );
    });

  keys
    .command('list')
    .description('list keys (their visible prefix, never the key)')
    .option('--all', 'include revoked keys')
    .option('--json', 'machine-readable output')
    .action(async (options: { all?: boolean; json?: boolean }) => {
      const list = await withStore((store) => listApiKeys(store.db, { includeRevoked: options.all === true }));
      output(options.json === true, list, () =>
        list.length === 0
          ? 'no keys'
          : list
              .map(
                (k) =>
                  `${k.prefix}…  ${k.id}  ${k.scope.padEnd(5)}  ${k.name}  created ${k.createdAt}${k.revokedAt ? `  revoked ${k.revokedAt}` : ''}${k.lastUsedAt ? `  last used ${k.lastUsedAt}` : ''}`,
              )
              .join('\n'),
      );
    });

  keys
    .command('revoke <idOrPrefix>')
    .description('revoke a key by its id or its visible prefix; it stops working at once')
    .option('--json', 'machine-readable output')
    .action(async (idOrPrefix: string, options: { json?: boolean }) => {
      const revoked = await withStore((store) => revokeApiKey(store.db, idOrPrefix));
      if (!revoked) throw new CliError(`no single active key matches "${idOrPrefix}"`);
      output(options.json === true, revoked, () => `revoked ${revoked.prefix}… (${revoked.id})`);
    });
}
