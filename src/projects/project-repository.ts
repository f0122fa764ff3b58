/** Reads and writes the project registry (issue 19). */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { ProjectRecord, StoredProject } from './project-record.ts';

// 19 columns × 500 rows stays below SQLite's 32,766 bound parameters.
const CHUNK = 500;

type Row = Database['projects'];

function toRow(p: ProjectRecord, updatedAt: string): Row {
  return {
    network: p.network,
    address: p.address,
    website: p.website,
    logo: p.logo,
    description: p.description,
    twitter: p.twitter,
    telegram: p.telegram,
    discord: p.discord,
    reddit: p.reddit,
    facebook: p.facebook,
    github: p.github,
    medium: p.medium,
    linkedin: p.linkedin,
    bitcointalk: p.bitcointalk,
    aggregator_a_id: p.aggregatorAId,
    aggregator_b_slug: p.aggregatorBSlug,
    source: p.source,
    updated_at: updatedAt,
  };
}

function toProject(row: Row): StoredProject {
  return {
    network: row.network,
    address: row.address,
    website: row.website,
    logo: row.logo,
    description: row.description,
    twitter: row.twitter,
    telegram: row.telegram,
    discord: row.discord,
    reddit: row.reddit,
    facebook: row.facebook,
    github: row.github,
    medium: row.medium,
    linkedin: row.linkedin,
    bitcointalk: row.bitcointalk,
    aggregatorAId: row.aggregator_a_id,
    aggregatorBSlug: row.aggregator_b_slug,
    source: row.source,
    updatedAt: row.updated_at,
  };
}

/** Writes validated projects in one transaction (all or nothing); a project of the same token is replaced. */
export async function upsertProjects(
  db: Kysely<Database>,
  projects: readonly ProjectRecord[],
  now = new Date(),
): Promise<{ imported: number }> {
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < projects.length; i += CHUNK) {
      const rows = projects.slice(i, i + CHUNK).map((p) => toRow(p, at));
      await trx
        .insertInto('projects')
        .values(rows)
        .onConflict((oc) =>
          oc.columns(['network', 'address']).doUpdateSet((eb) => {
            const set: Record<string, unknown> = {};
            for (const column of Object.keys(rows[0]!))
              if (column !== 'network' && column !== 'address') set[column] = eb.ref(`excluded.${column}` as never);
            return set as never;
          }),
        )
        .execute();
    }
  });
  return { imported: projects.length };
}

export async function findProject(db: Kysely<Database>, network: string, address: string): Promise<StoredProject | undefined> {
  const row = await db.selectFrom('projects').selectAll().where('network', '=', network).where('address', '=', address).executeTakeFirst();
  return row ? toProject(row) : undefined;
}

export async function removeProject(db: Kysely<Database>, network: string, address: string): Promise<number> {
  const result = await db.deleteFrom('projects').where('network', '=', network).where('address', '=', address).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function listProjects(
  db: Kysely<Database>,
  query: { network?: string | undefined; limit?: number; offset?: number } = {},
): Promise<{ total: number; items: StoredProject[] }> {
  let base = db.selectFrom('projects');
  if (query.network !== undefined) base = base.where('network', '=', query.network);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy('network')
      .orderBy('address')
      .limit(query.limit ?? 100)
      .offset(query.offset ?? 0)
      .execute(),
  ]);
  return { total: Number(count.n), items: rows.map(toProject) };
}
