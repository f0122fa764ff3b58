/**
 * Kysely's PostgreSQL introspector reads every table of every schema in the database,
 * and resolves each one by name (`pg_get_serial_sequence`). Another client dropping a
 * schema in the meantime (a test's clean-up, a side-by-side install) makes that query
 * fail with "schema … does not exist", and the migrator, which introspects to find its
 * own bookkeeping tables, fails with it: about one start in three while schemas churn.
 * This introspector reads only the store's own schema, which nobody else drops.
 */
import { PostgresDialect, sql, type DatabaseIntrospector, type Kysely, type PostgresDialectConfig, type TableMetadata } from 'kysely';

interface ColumnRow {
  readonly table_name: string;
  readonly table_type: string;
  readonly column_name: string;
  readonly data_type: string;
  readonly is_nullable: string;
  readonly column_default: string | null;
}

export class SchemaIntrospector implements DatabaseIntrospector {
  constructor(
    private readonly db: Kysely<unknown>,
    private readonly schema: string,
  ) {}

  getSchemas(): Promise<{ name: string }[]> {
    return Promise.resolve([{ name: this.schema }]);
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      select c.table_name, t.table_type, c.column_name, c.udt_name as data_type, c.is_nullable, c.column_default
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = ${this.schema}
      order by c.table_name, c.ordinal_position`.execute(this.db);
    const tables = new Map<string, TableMetadata>();
    for (const row of rows) {
      let table = tables.get(row.table_name);
      if (!table) {
        table = { name: row.table_name, schema: this.schema, isView: row.table_type === 'VIEW', columns: [] };
        tables.set(row.table_name, table);
      }
      table.columns.push({
        name: row.column_name,
        dataType: row.data_type,
        isNullable: row.is_nullable === 'YES',
        hasDefaultValue: row.column_default !== null,
        isAutoIncrementing: row.column_default?.startsWith('nextval(') ?? false,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(): Promise<{ tables: TableMetadata[] }> {
    return { tables: await this.getTables() };
  }
}

/** PostgreSQL as Kysely speaks it, introspecting only `schema`. */
export class SchemaScopedPostgresDialect extends PostgresDialect {
  constructor(
    config: PostgresDialectConfig,
    private readonly schema: string,
  ) {
    super(config);
  }

  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SchemaIntrospector(db, this.schema);
  }
}
