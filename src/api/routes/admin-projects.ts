/**
 * The project registry over HTTP (issue 19): list, import (JSON array or CSV; all or
 * nothing), remove. Needs an admin-scoped API key, like /admin/labels.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { MESSAGES } from '../../interface/messages.ts';
import { PROJECT_LINK_FIELDS, projectAddress, projectNetwork, validateProjects } from '../../projects/project-record.ts';
import { parseProjectFile } from '../../projects/parse-project-file.ts';
import { listProjects, removeProject, upsertProjects } from '../../projects/project-repository.ts';
import { HttpError } from '../http-error.ts';
import { adminRegistryScope, pageQuery, registryImportRoute, type RegistryAdminDeps } from './registry-admin.ts';

export type AdminProjectsDeps = RegistryAdminDeps;

const Message = Type.Object({ message: Type.String() });
const ProjectSchema = Type.Object({
  network: Type.String(),
  address: Type.String(),
  ...Object.fromEntries(PROJECT_LINK_FIELDS.map((f) => [f, Type.String()])),
  aggregatorAId: Type.String(),
  aggregatorBSlug: Type.String(),
  source: Type.String(),
  updatedAt: Type.String(),
});
export const adminProjectRoutes: FastifyPluginAsyncTypebox<AdminProjectsDeps> = async (app, deps) => {
  adminRegistryScope(app, deps, '/admin/projects');

  app.get(
    '/admin/projects',
    {
      schema: {
        summary: 'List registered projects',
        tags: ['admin'],
        querystring: pageQuery({ network: Type.Optional(Type.String()) }),
        response: {
          200: Type.Object({ total: Type.Integer(), items: Type.Array(ProjectSchema) }),
          400: Message,
          401: Message,
          403: Message,
        },
      },
    },
    async (request) => {
      const network = request.query.network === undefined ? undefined : projectNetwork(request.query.network);
      if (request.query.network !== undefined && !network) throw new HttpError(400, MESSAGES.safescan.invalidNetwork);
      return listProjects(deps.db, { network, limit: request.query.limit, offset: request.query.offset });
    },
  );

  registryImportRoute(app, deps, {
    path: '/admin/projects',
    importSummary: `Import projects (JSON array or CSV with network,address,${PROJECT_LINK_FIELDS.join(',')},aggregatorAId,aggregatorBSlug,source); all or nothing`,
    messageSchema: Message,
    bodyMessage: 'The body must be a JSON array of projects or CSV text',
    parseCsv: (text) => parseProjectFile(text, 'csv'),
    validate: (rows) => validateProjects(rows, 'admin'),
    upsert: upsertProjects,
  });

  app.delete(
    '/admin/projects/:network/:address',
    {
      schema: {
        summary: 'Remove the project of a token',
        tags: ['admin'],
        params: Type.Object({ network: Type.String(), address: Type.String() }),
        response: { 200: Type.Object({ removed: Type.Integer() }), 400: Message, 401: Message, 403: Message },
      },
    },
    async (request) => {
      const network = projectNetwork(request.params.network);
      if (!network) throw new HttpError(400, MESSAGES.safescan.invalidNetwork);
      const address = projectAddress(network, request.params.address);
      if (!address) throw new HttpError(400, MESSAGES.safescan.invalidAddress);
      return { removed: await removeProject(deps.db, network, address) };
    },
  );
};
