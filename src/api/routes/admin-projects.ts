/**
 * The project registry over HTTP (issue 19): list, import (JSON array or CSV; all or
 * nothing), remove. Needs an admin-scoped API key, like /admin/labels.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { MESSAGES } from '../../spec/messages.ts';
import {
  PROJECT_LINK_FIELDS,
  ProjectValidationError,
  projectAddress,
  projectNetwork,
  validateProjects,
} from '../../projects/project-record.ts';
import { ProjectFileError, parseProjectFile } from '../../projects/parse-project-file.ts';
import { listProjects, removeProject, upsertProjects } from '../../projects/project-repository.ts';
import { HttpError } from '../http-error.ts';
import type { AccessGate } from '../access.ts';

export interface AdminProjectsDeps {
  readonly db: Kysely<Database>;
  readonly gate: AccessGate;
}

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
const ProblemsSchema = Type.Object({
  message: Type.String(),
  problems: Type.Optional(Type.Array(Type.Object({ row: Type.Integer(), field: Type.String(), problem: Type.String() }))),
});

export const adminProjectRoutes: FastifyPluginAsyncTypebox<AdminProjectsDeps> = async (app, deps) => {
  app.addContentTypeParser('text/csv', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/admin/projects')) return;
    await deps.gate({ bucket: 'admin', keyRequired: true, invalidKey: () => new HttpError(401, MESSAGES.audits.invalidApiKey) })(
      request,
      reply,
    );
    if (request.apiKey?.scope !== 'admin') throw new HttpError(403, MESSAGES.common.forbidden);
  });

  app.get(
    '/admin/projects',
    {
      schema: {
        summary: 'List registered projects',
        tags: ['admin'],
        querystring: Type.Object({
          network: Type.Optional(Type.String()),
          limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
          offset: Type.Integer({ minimum: 0, default: 0 }),
        }),
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

  app.post(
    '/admin/projects',
    {
      schema: {
        summary: `Import projects (JSON array or CSV with network,address,${PROJECT_LINK_FIELDS.join(',')},aggregatorAId,aggregatorBSlug,source); all or nothing`,
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
          throw new HttpError(400, 'The body must be a JSON array of projects or CSV text');
        const rows = typeof body === 'string' ? parseProjectFile(body, 'csv') : body;
        return await upsertProjects(deps.db, validateProjects(rows, 'admin'));
      } catch (error) {
        if (error instanceof ProjectValidationError)
          throw new HttpError(400, 'Invalid projects, nothing imported', { problems: error.problems });
        if (error instanceof ProjectFileError) throw new HttpError(400, error.message);
        throw error;
      }
    },
  );

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
