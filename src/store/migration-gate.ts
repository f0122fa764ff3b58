/**
 * Holds a database's queries until its schema is migrated. A PostgreSQL that was unreachable
 * at start is migrated in the background; until then a query on a database whose tables may
 * not exist yet would fail with a 500, so each one is refused with a DependencyUnavailableError
 * (503 naming the database and why) before it takes a connection.
 */
import type { DatabaseConnection, Dialect, Driver, Kysely, QueryCompiler, TransactionSettings } from 'kysely';
import { DependencyUnavailableError } from '../infra/dependency-error.ts';

export interface MigrationGate {
  /** Why queries are refused now; undefined once the schema is migrated. */
  readonly closedBecause: () => string | undefined;
}

/** `dialect` with every connection checked out through the gate. */
export function gatedDialect(dialect: Dialect, gate: MigrationGate): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new GatedDriver(dialect.createDriver(), gate),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db: Kysely<unknown>) => dialect.createIntrospector(db),
  };
}

class GatedDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly gate: MigrationGate,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const reason = this.gate.closedBecause();
    if (reason !== undefined) throw new DependencyUnavailableError('database', reason);
    return this.inner.acquireConnection();
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.savepoint?.(connection, name, compile);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.rollbackToSavepoint?.(connection, name, compile);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.releaseSavepoint?.(connection, name, compile);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(connection);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}
