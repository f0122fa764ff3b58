/**
 * The OpenAPI document (/openapi.json) and its page (/docs). A `fastify-plugin`: the
 * document collects the routes of every feature registered after it.
 */
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_VERSION } from '../api-version.ts';
import { SESSION_COOKIE } from '../routes/account.ts';

export const openapi = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'scopeward API',
          version: API_VERSION,
          description: 'Smart-contract security lookups: audit reports, scans, scores. Send your key in the `x-api-key` header.',
        },
        components: {
          securitySchemes: {
            apiKey: { type: 'apiKey', name: 'x-api-key', in: 'header' },
            session: {
              type: 'apiKey',
              name: SESSION_COOKIE,
              in: 'cookie',
              description: 'The dashboard session (state-changing requests also send x-csrf-token)',
            },
          },
        },
      },
    });
    await app.register(swaggerUi, {
      routePrefix: '/docs',
      // Hashes of the page's own inline script and style; without upgrade-insecure-requests,
      // which would break the page on plain HTTP.
      staticCSP: true,
      transformStaticCSP: (header) =>
        header
          .replace(/\s*upgrade-insecure-requests;?/, '')
          .replace(/font-src 'self' https: data:/, "font-src 'self' data:")
          .replace(/style-src 'self' https:/, "style-src 'self'"),
    });
    app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
