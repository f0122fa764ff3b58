/** Accounts in the store: created verified (a sign-up becomes an account when its code is entered). */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AccountRow, Database } from '../store/schema.ts';
import type { Account } from '../interface/schemas/dashboard.ts';

export function toAccount(row: AccountRow): Account {
  return { id: row.id, email: row.email, role: row.role, createdAt: row.created_at };
}

export async function findAccountByEmail(db: Kysely<Database>, email: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function findAccountById(db: Kysely<Database>, id: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countAdmins(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('accounts')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Inserts a verified account; undefined when the address already has one. */
export async function insertAccount(
  db: Kysely<Database>,
  values: { email: string; passwordHash: string; role: AccountRow['role'] },
  now: Date,
): Promise<AccountRow | undefined> {
  const row: AccountRow = {
    id: randomUUID(),
    email: values.email,
    password_hash: values.passwordHash,
    role: values.role,
    created_at: now.toISOString(),
    verified_at: now.toISOString(),
    password_changed_at: now.toISOString(),
  };
  const result = await db
    .insertInto('accounts')
    .values(row)
    .onConflict((oc) => oc.column('email').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1 ? row : undefined;
}

export async function setPasswordHash(db: Kysely<Database>, id: string, passwordHash: string, now: Date): Promise<void> {
  await db
    .updateTable('accounts')
    .set({ password_hash: passwordHash, password_changed_at: now.toISOString() })
    .where('id', '=', id)
    .execute();
}

export async function setRole(db: Kysely<Database>, id: string, role: AccountRow['role']): Promise<void> {
  await db.updateTable('accounts').set({ role }).where('id', '=', id).execute();
}
