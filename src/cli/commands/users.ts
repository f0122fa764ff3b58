/**
 * `scopeward users create|list`: dashboard accounts made by the operator (the first admin
 * among them). Accounts made here are verified at once: the operator vouches for the address.
 */
import { randomBytes } from 'node:crypto';
import type { Command } from 'commander';
import { normalizeEmail } from '../../accounts/email-address.ts';
import { hashPassword, passwordProblem } from '../../accounts/password.ts';
import { findAccountByEmail, insertAccount, setPasswordHash, setRole, toAccount } from '../../accounts/account-repository.ts';
import { CliError } from '../cli-error.ts';
import { output, withStore } from '../with-store.ts';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

export function register(program: Command): void {
  const users = program.command('users').description('dashboard accounts (sign-up is the usual way; this is the operator’s)');

  users
    .command('create <email>')
    .description('create a verified account; without --password-stdin a random password is printed once')
    .option('--admin', 'an admin account (can create admin keys in the dashboard)')
    .option('--password-stdin', 'read the password from standard input')
    .option('--update', 'if the address has an account, set its password (and role with --admin) instead of failing')
    .option('--json', 'machine-readable output')
    .action(async (rawEmail: string, options: { admin?: boolean; passwordStdin?: boolean; update?: boolean; json?: boolean }) => {
      const email = normalizeEmail(rawEmail);
      if (!email) throw new CliError(`"${rawEmail}" is not an e-mail address`, 2);
      const generated = options.passwordStdin ? undefined : randomBytes(18).toString('base64url');
      const password = generated ?? (await readStdin());
      const problem = passwordProblem(password, email);
      if (problem) throw new CliError(problem, 2);
      const passwordHash = await hashPassword(password);
      const role = options.admin ? 'admin' : 'user';
      const account = await withStore(async (store) => {
        const now = new Date();
        const created = await insertAccount(store.db, { email, passwordHash, role }, now);
        if (created) return toAccount(created);
        const existing = await findAccountByEmail(store.db, email);
        if (!existing || !options.update) throw new CliError(`${email} already has an account (use --update to set its password)`, 3);
        await setPasswordHash(store.db, existing.id, passwordHash, now);
        if (options.admin) await setRole(store.db, existing.id, 'admin');
        return { ...toAccount(existing), role: options.admin ? ('admin' as const) : existing.role };
      });
      output(options.json === true, { ...account, ...(generated ? { password: generated } : {}) }, () =>
        [
          `${account.role} account ${account.email} (${account.id})`,
          ...(generated ? [`password: ${generated}`, 'Store it now: it is not shown again. Change it on the Account page.'] : []),
        ].join('\n'),
      );
    });

  users
    .command('list')
    .description('list accounts')
    .option('--json', 'machine-readable output')
    .action(async (options: { json?: boolean }) => {
      const list = await withStore(async (store) =>
        (await store.db.selectFrom('accounts').selectAll().orderBy('created_at').execute()).map(toAccount),
      );
      output(options.json === true, list, () =>
        list.length === 0 ? 'no accounts' : list.map((a) => `${a.email}  ${a.role.padEnd(5)}  ${a.id}  created ${a.createdAt}`).join('\n'),
      );
    });
}
