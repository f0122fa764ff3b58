/**
 * Serves the dashboard (the Vite bundle under dist/web) at `/`. Hashed assets are cached
 * for a year; every other browser navigation that is not an API path gets index.html, so
 * the client-side routes (/keys, /apps/cyberscan, …) can be reloaded and shared.
 * Requests that do not accept HTML keep the API's JSON 404.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import fastifyStatic from '@fastify/static';
import { HttpError } from '../http-error.ts';
import { MESSAGES } from '../../interface/messages.ts';
import { pageWithPreloads } from './route-preloads.ts';

export interface WebAppDeps {
  /** The built bundle (dist/web). */
  readonly root: string;
}

/** Paths that belong to the API and never fall back to the app. */
const API_PATHS = /^\/(api|admin|rpc|docs|openapi\.json|healthz|readyz)(\/|$|\?)/;

const MISSING_BUNDLE = `<!doctype html><meta charset="utf-8"><title>scopeward</title>
<p>The dashboard has not been built. Run <code>npm run build:web</code> (or <code>npm start</code>, which builds it when needed) and reload.</p>
<p>The API is documented at <a href="/docs">/docs</a>.</p>`;

export const webAppRoutes: FastifyPluginAsync<WebAppDeps> = async (app, deps) => {
  const indexFile = join(deps.root, 'index.html');
  const built = existsSync(indexFile);
  let forPath: ((path: string) => string) | undefined;
  // The page for a path: index.html, with preload hints for the pages shared links open (route-preloads.ts).
  const page = (path: string) =>
    built ? (forPath ??= pageWithPreloads(deps.root, readFileSync(indexFile, 'utf8')))(path) : MISSING_BUNDLE;

  if (built) {
    await app.register(fastifyStatic, {
      root: deps.root,
      prefix: '/',
      wildcard: false,
      index: false,
      decorateReply: false,
      // File names under assets/ carry their content hash.
      setHeaders: (reply, path) => {
        reply.header('Cache-Control', path.includes(join('assets', '')) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const sendApp = (reply: import('fastify').FastifyReply, path: string) =>
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(page(path));

  app.get('/', { schema: { hide: true } }, async (_request, reply) => sendApp(reply, '/'));
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const accept = String(request.headers.accept ?? '');
    if (API_PATHS.test(request.url) || !accept.includes('text/html')) throw new HttpError(404, MESSAGES.common.notFound);
    return sendApp(reply, request.url);
  });
};
