/**
 * The address labels over HTTP (issue 17): list, import (JSON array or CSV; all or
 * nothing), remove. Needs an admin-scoped API key, like /admin/audits.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { MESSAGES } from '../../spec/messages.ts';
import { isEvmAddress } from '../../spec/address.ts';
import { LABEL_CATEGORIES, LabelValidationError, isLabelNetwork, validateLabels } from '../../labels/label-record.ts';
import { LabelFileError, parseLabelFile } from '../../labels/parse-label-file.ts';
import { listLabels, removeLabels, upsertLabels } from '../../labels/label-repository.ts';
import { HttpError } from '../http-error.ts';
import type { AccessGate } from '../access.ts';

export interface AdminLabelsDeps {
  readonly db: Kysely<Database>;
  readonly gate: AccessGate;
}

const Message = Type.Object({ message: Type.String() });
const LabelSchema = Type.Object({
  address: Type.String(),
  network: Type.String({ description: 'a network symbol, or * for every EVM network' }),
  label: Type.String(),
  category: Type.Union(LABEL_CATEGORIES.map((c) => Type.Literal(c))),
  source: Type.String(),
  listedOn: Type.String({ description: 'YYYY-MM-DD' }),
});
const ProblemsSchema = Type.Object({
  message: Type.String(),
  problems: Type.Optional(Type.Array(Type.Object({ row: Type.Integer(), field: Type.String(), problem: Type.String() }))),
});

export const adminLabelRoutes: FastifyPluginAsyncTypebox<AdminLabelsDeps> = async (app, deps) => {
  app.addContentTypeParser('text/csv', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/admin/labels')) return;
    await deps.gate({ bucket: 'admin', keyRequired: true, invalidKey: () => new HttpError(401, MESSAGES.audits.invalidApiKey) })(
      request,
      reply,
    );
    if (request.apiKey?.scope !== 'admin') throw new HttpError(403, MESSAGES.common.forbidden);
  });

  app.get(
    '/admin/labels',
    {
      schema: {
        summary: 'List address labels',
        tags: ['admin'],
        querystring: Type.Object({
          network: Type.Optional(Type.String()),
          category: Type.Optional(Type.String()),
          limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
          offset: Type.Integer({ minimum: 0, default: 0 }),
        }),
        response: { 200: Type.Object({ total: Type.Integer(), items: Type.Array(LabelSchema) }), 401: Message, 403: Message },
      },
    },
    async (request) =>
      listLabels(deps.db, {
        network: request.query.network?.toUpperCase(),
        category: request.query.category?.toLowerCase(),
        limit: request.query.limit,
        offset: request.query.offset,
      }),
  );

  app.post(
    '/admin/labels',
    {
      schema: {
        summary: 'Import address labels (JSON array or CSV with address,network,label,category,source,listedOn); all or nothing',
        tags: ['admin'],
        body: Type.Union([Type.Array(Type.Unknown()), Type.String()]),
        response: { 200: Type.Object({ imported: Type.Integer() }), 400: ProblemsSchema, 401: Message, 403: Message },
      },
      // Documented above, checked below: Ajv's array coercion would wrap a CSV string in an array.
      validatorCompiler: () => () => true,
    },
    async (request) => {
      try {
        const body: unknown = request.body;
        if (typeof body !== 'string' && !Array.isArray(body))
          throw new HttpError(400, 'The body must be a JSON array of labels or CSV text');
        const rows = typeof body === 'string' ? parseLabelFile(body, 'csv') : body;
        return await upsertLabels(deps.db, validateLabels(rows));
      } catch (error) {
        if (error instanceof LabelValidationError)
          throw new HttpError(400, 'Invalid labels, nothing imported', { problems: error.problems });
        if (error instanceof LabelFileError) throw new HttpError(400, error.message);
        throw error;
      }
    },
  );

  app.delete(
    '/admin/labels/:network/:address',
    {
      schema: {
        summary: 'Remove the labels of an address on a network (* for the all-network ones)',
        tags: ['admin'],
        params: Type.Object({ network: Type.String(), address: Type.String() }),
        response: { 200: Type.Object({ removed: Type.Integer() }), 400: Message, 401: Message, 403: Message },
      },
    },
    async (request) => {
      if (!isEvmAddress(request.params.address)) throw new HttpError(400, MESSAGES.safescan.invalidAddress);
      const network = request.params.network.toUpperCase();
      if (!isLabelNetwork(network)) throw new HttpError(400, MESSAGES.safescan.invalidNetwork);
      return { removed: await removeLabels(deps.db, { network, address: request.params.address }) };
    },
  );
};
