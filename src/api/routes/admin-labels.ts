/**
 * The address labels over HTTP (issue 17): list, import (JSON array or CSV; all or
 * nothing), remove. Needs an admin-scoped API key, like /admin/audits.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { MESSAGES } from '../../interface/messages.ts';
import { isEvmAddress } from '../../interface/address.ts';
import { LABEL_CATEGORIES, isLabelNetwork, validateLabels } from '../../labels/label-record.ts';
import { parseLabelFile } from '../../labels/parse-label-file.ts';
import { listLabels, removeLabels, upsertLabels } from '../../labels/label-repository.ts';
import { HttpError } from '../http-error.ts';
import { adminRegistryScope, pageQuery, registryImportRoute, type RegistryAdminDeps } from './registry-admin.ts';

export type AdminLabelsDeps = RegistryAdminDeps;

const Message = Type.Object({ message: Type.String() });
const LabelSchema = Type.Object({
  address: Type.String(),
  network: Type.String({ description: 'a network symbol, or * for every EVM network' }),
  label: Type.String(),
  category: Type.Union(LABEL_CATEGORIES.map((c) => Type.Literal(c))),
  source: Type.String(),
  listedOn: Type.String({ description: 'YYYY-MM-DD' }),
});
export const adminLabelRoutes: FastifyPluginAsyncTypebox<AdminLabelsDeps> = async (app, deps) => {
  adminRegistryScope(app, deps, '/admin/labels');

  app.get(
    '/admin/labels',
    {
      schema: {
        summary: 'List address labels',
        tags: ['admin'],
        querystring: pageQuery({ network: Type.Optional(Type.String()), category: Type.Optional(Type.String()) }),
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

  registryImportRoute(app, deps, {
    path: '/admin/labels',
    importSummary: 'Import address labels (JSON array or CSV with address,network,label,category,source,listedOn); all or nothing',
    messageSchema: Message,
    bodyMessage: 'The body must be a JSON array of labels or CSV text',
    parseCsv: (text) => parseLabelFile(text, 'csv'),
    validate: validateLabels,
    upsert: upsertLabels,
  });

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
