/**
 * What the operator registries' admin routes (/admin/audits, /admin/labels, /admin/projects)
 * share: an admin-scoped key, and `POST` import of a JSON array or CSV text, all or nothing.
 * Listing and removing stay with each registry: their filters and key fields differ.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { MESSAGES } from '../../interface/messages.ts';
import { HttpError } from '../http-error.ts';
import type { AccessGate } from '../access.ts';
import { refuseWith } from '../validation.ts';

type App = Parameters<FastifyPluginAsyncTypebox>[0];

export interface RegistryAdminDeps {
  readonly db: Kysely<Database>;
  readonly gate: AccessGate;
}

/** A 400 of an import: the message, and every problem by row and field when the rows were read. */
export const ProblemsSchema = Type.Object({
  message: Type.String(),
  problems: Type.Optional(Type.Array(Type.Object({ row: Type.Integer(), field: Type.String(), problem: Type.String() }))),
});

/** A list's query: the registry's own filters, then the page. */
export function pageQuery<F extends Record<string, TSchema>>(filters: F) {
  return Type.Object({
    ...filters,
    limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
    offset: Type.Integer({ minimum: 0, default: 0 }),
  });
}

export interface RegistryImport<T> {
  /** '/admin/labels': where the import is posted. */
  readonly path: string;
  /** The OpenAPI summary of the import. */
  readonly importSummary: string;
  /** The schema of `{ message }` answers in this registry's OpenAPI entries. */
  readonly messageSchema: TSchema;
  /** The 400 when the body is neither a JSON array nor CSV text. */
  readonly bodyMessage: string;
  readonly parseCsv: (text: string) => unknown[];
  readonly validate: (rows: readonly unknown[]) => T[];
  readonly upsert: (db: Kysely<Database>, records: T[]) => Promise<{ imported: number }>;
}

/**
 * The start of a registry's plugin: an admin-scoped key for every route under `path`, and
 * CSV bodies read as text (for the import).
 */
export function adminRegistryScope(app: App, deps: RegistryAdminDeps, path: string): void {
  app.addContentTypeParser('text/csv', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  const access = deps.gate({ bucket: 'admin', keyRequired: true, invalidKey: () => new HttpError(401, MESSAGES.audits.invalidApiKey) });
  // In onRequest: a caller without an admin key is refused before its body is read or validated.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(path)) return;
    await access(request, reply);
    if (request.apiKey?.scope !== 'admin') throw new HttpError(403, MESSAGES.common.forbidden);
  });
}

/** `POST path`: import a JSON array or CSV text, all or nothing; every problem by row and field. */
export function registryImportRoute<T>(app: App, deps: RegistryAdminDeps, registry: RegistryImport<T>): void {
  const Message = registry.messageSchema;
  app.post(
    registry.path,
    {
      schema: {
        summary: registry.importSummary,
        tags: ['admin'],
        body: Type.Union([Type.Array(Type.Unknown()), Type.String()]),
        response: { 200: Type.Object({ imported: Type.Integer() }), 400: ProblemsSchema, 401: Message, 403: Message },
      },
      // Bodies are never coerced (a CSV string stays a string), so the union decides the form.
      schemaErrorFormatter: refuseWith([], () => new HttpError(400, registry.bodyMessage)),
    },
    async (request) => {
      // A file that cannot be read and invalid rows are family members: each answers its 400.
      const body = request.body;
      const rows = typeof body === 'string' ? registry.parseCsv(body) : body;
      return registry.upsert(deps.db, registry.validate(rows));
    },
  );
}
