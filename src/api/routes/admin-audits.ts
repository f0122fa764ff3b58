/**
 * The operator's audit registry over HTTP: list, import (JSON array or CSV), remove.
 * Needs an admin-scoped API key (`scopeward keys create --admin`).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { AuditRecordSchema, MessageSchema } from '../../spec/schemas/audit-record.ts';
import { MESSAGES } from '../../spec/messages.ts';
import { AuditValidationError, validateAuditRecords } from '../../audits/audit-record.ts';
import { AuditFileError, parseAuditFile } from '../../audits/parse-audit-file.ts';
import { listAudits, removeAudits, upsertAudits } from '../../audits/audit-repository.ts';
import { EVM_ADDRESS_PATTERN } from '../../spec/address.ts';
import { HttpError } from '../http-error.ts';
import type { AccessGate } from '../access.ts';
import { refuseWith } from '../validation.ts';

export interface AdminAuditsDeps {
  readonly db: Kysely<Database>;
  readonly gate: AccessGate;
}

const ProblemsSchema = Type.Object({
  message: Type.String(),
  problems: Type.Optional(Type.Array(Type.Object({ row: Type.Integer(), field: Type.String(), problem: Type.String() }))),
});

export const adminAuditRoutes: FastifyPluginAsyncTypebox<AdminAuditsDeps> = async (app, deps) => {
  app.addContentTypeParser('text/csv', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  const access = deps.gate({
    bucket: 'admin',
    keyRequired: true,
    invalidKey: () => new HttpError(401, MESSAGES.audits.invalidApiKey),
  });
  app.addHook('onRequest', access);
  // In onRequest after the key check: a non-admin is refused before its body is read or validated.
  app.addHook('onRequest', async (request) => {
    if (request.apiKey?.scope !== 'admin') throw new HttpError(403, MESSAGES.common.forbidden);
  });

  app.get(
    '/admin/audits',
    {
      schema: {
        summary: 'List registered audits',
        tags: ['admin'],
        querystring: Type.Object({
          network: Type.Optional(Type.String()),
          limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
          offset: Type.Integer({ minimum: 0, default: 0 }),
        }),
        response: {
          200: Type.Object({ total: Type.Integer(), items: Type.Array(AuditRecordSchema) }),
          401: MessageSchema,
          403: MessageSchema,
        },
      },
    },
    async (request) =>
      listAudits(deps.db, { network: request.query.network?.toUpperCase(), limit: request.query.limit, offset: request.query.offset }),
  );

  app.post(
    '/admin/audits',
    {
      schema: {
        summary: 'Import audits (JSON array or CSV with the record field names as header); all or nothing',
        tags: ['admin'],
        body: Type.Union([Type.Array(Type.Unknown()), Type.String()]),
        response: { 200: Type.Object({ imported: Type.Integer() }), 400: ProblemsSchema, 401: MessageSchema, 403: MessageSchema },
      },
      // The body is never coerced (a CSV string stays a string), so the union decides the form.
      schemaErrorFormatter: refuseWith([], () => new HttpError(400, MESSAGES.admin.auditBody)),
    },
    async (request) => {
      try {
        const body = request.body;
        const rows = typeof body === 'string' ? parseAuditFile(body, 'csv') : body;
        return await upsertAudits(deps.db, validateAuditRecords(rows));
      } catch (error) {
        if (error instanceof AuditValidationError)
          throw new HttpError(400, MESSAGES.admin.invalidAuditRecords, { problems: error.problems });
        if (error instanceof AuditFileError) throw new HttpError(400, error.message);
        throw error;
      }
    },
  );

  app.delete(
    '/admin/audits/:network/:address',
    {
      schema: {
        summary: 'Remove the audits of an address (or only the one with ?slug=)',
        tags: ['admin'],
        params: Type.Object({ network: Type.String(), address: Type.String({ pattern: EVM_ADDRESS_PATTERN }) }),
        querystring: Type.Object({ slug: Type.Optional(Type.String()) }),
        response: { 200: Type.Object({ removed: Type.Integer() }), 400: MessageSchema, 401: MessageSchema, 403: MessageSchema },
      },
      schemaErrorFormatter: refuseWith([{ field: 'address', invalid: () => new HttpError(400, MESSAGES.audits.invalidAddress) }]),
    },
    async (request) => {
      const removed = await removeAudits(deps.db, {
        network: request.params.network.toUpperCase(),
        address: request.params.address,
        slug: request.query.slug,
      });
      return { removed };
    },
  );
};
