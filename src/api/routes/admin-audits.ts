/**
 * The operator's audit registry over HTTP: list, import (JSON array or CSV), remove.
 * Needs an admin-scoped API key (`scopeward keys create --admin`).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AuditRecordSchema, MessageSchema } from '../../interface/schemas/audit-record.ts';
import { MESSAGES } from '../../interface/messages.ts';
import { validateAuditRecords } from '../../audits/audit-record.ts';
import { parseAuditFile } from '../../audits/parse-audit-file.ts';
import { listAudits, removeAudits, upsertAudits } from '../../audits/audit-repository.ts';
import { EVM_ADDRESS_PATTERN } from '../../interface/address.ts';
import { HttpError } from '../http-error.ts';
import { adminRegistryScope, pageQuery, registryImportRoute, type RegistryAdminDeps } from './registry-admin.ts';
import { refuseWith } from '../validation.ts';

export type AdminAuditsDeps = RegistryAdminDeps;

export const adminAuditRoutes: FastifyPluginAsyncTypebox<AdminAuditsDeps> = async (app, deps) => {
  adminRegistryScope(app, deps, '/admin/audits');

  app.get(
    '/admin/audits',
    {
      schema: {
        summary: 'List registered audits',
        tags: ['admin'],
        querystring: pageQuery({ network: Type.Optional(Type.String()) }),
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

  registryImportRoute(app, deps, {
    path: '/admin/audits',
    importSummary: 'Import audits (JSON array or CSV with the record field names as header); all or nothing',
    messageSchema: MessageSchema,
    bodyMessage: MESSAGES.admin.auditBody,
    parseCsv: (text) => parseAuditFile(text, 'csv'),
    validate: validateAuditRecords,
    upsert: upsertAudits,
  });

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
