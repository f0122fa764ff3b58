/**
 * Hot-path reads at the speed of a prepared statement.
 *
 * Kysely builds and compiles a query on every call (~25 µs) and better-sqlite3 prepares
 * it again each time; for the lookups every API call makes (the key, the audit) that is
 * most of the request. Here a query is still written once with Kysely's builder: it is
 * compiled once with sentinel parameters, prepared once, and each call only binds its
 * values. PostgreSQL runs the Kysely query as usual (there the network dominates).
 *
 * On SQLite the statement runs outside Kysely's connection mutex, so a read may see rows
 * of a transaction still in progress on the same connection (imports write only
 * validated rows, so such a row is never one that will be rolled back for being bad).
 */
import type { Compilable, CompiledQuery } from 'kysely';
import type { Store } from './open-store.ts';

interface FirstQuery<R> extends Compilable<R> {
  executeTakeFirst(): Promise<R | undefined>;
}

export type PreparedFirst<P extends readonly string[], R> = (...params: P) => Promise<R | undefined>;

export function prepareFirst<P extends readonly string[], R>(
  store: Store,
  build: (...params: P) => FirstQuery<R>,
  arity: P['length'],
): PreparedFirst<P, R> {
  const sqlite = store.sqlite;
  if (!sqlite) return (...params) => build(...params).executeTakeFirst();

  const sentinels = Array.from({ length: arity }, (_, i) => `\u0000param${i}\u0000`) as unknown as P;
  const compiled: CompiledQuery<R> = build(...sentinels).compile();
  const template = [...compiled.parameters];
  const positions = sentinels.map((s) => template.indexOf(s));
  if (positions.some((p) => p < 0)) throw new Error(`prepareFirst: a parameter is not bound in "${compiled.sql}"`);
  const statement = sqlite.prepare(compiled.sql);
  return async (...params) => {
    const values = template.slice();
    positions.forEach((position, i) => (values[position] = params[i]));
    return statement.get(...values) as R | undefined;
  };
}
