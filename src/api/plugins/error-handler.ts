/**
 * Renders every error as JSON `{message}`: our HttpErrors with their status, Fastify's
 * own client errors (bad JSON, body too large, wrong content type) with a plain message,
 * and anything else as a 500 whose body reveals nothing about the internals.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http-error.ts';
import { MESSAGES } from '../../spec/messages.ts';
import { databaseConnectionFailure } from '../../infra/dependency-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Maps a client error Fastify raised before the handler ran (malformed JSON, empty
     * body, …) to the operation's own error, so each operation answers in its spec shape.
     */
    clientError?: (error: FastifyError) => HttpError | undefined;
    /** The body of a 500 for this route (operation 1 names its message). */
    internalError?: () => HttpError;
    /** Fields every 503 of this route carries (the score operation's `{success, score}`). */
    unavailableBody?: () => Record<string, unknown>;
  }
}

const CLIENT_MESSAGES: Record<number, string> = {
  400: MESSAGES.common.badRequest,
  413: MESSAGES.common.payloadTooLarge,
  415: MESSAGES.common.unsupportedMediaType,
};

function send(reply: FastifyReply, error: HttpError) {
  return reply.code(error.statusCode).headers(error.headers).send(error.body());
}

export const errorHandler = fp(async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) return send(reply, error);
    const config = request.routeOptions.config;
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const mapped = config.clientError?.(error);
      if (mapped) return send(reply, mapped);
      return reply.code(status).send({ message: CLIENT_MESSAGES[status] ?? error.message });
    }
    // A lost dependency is not our bug: 503 naming it, within its own bound.
    const unavailable =
      databaseConnectionFailure(error) ??
      (error.name === 'DependencyUnavailableError' ? (error as unknown as { source: string; reason: string }) : undefined);
    if (unavailable) {
      request.log.warn({ source: unavailable.source, reason: unavailable.reason }, 'dependency unavailable');
      return reply
        .code(503)
        .header('Retry-After', '5')
        .send({
          ...(config.unavailableBody?.() ?? {}),
          message: MESSAGES.common.serviceUnavailable,
          meta: { source: unavailable.source, reason: unavailable.reason },
        });
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, config.internalError?.() ?? new HttpError(500, MESSAGES.common.internal));
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: MESSAGES.common.notFound }));
});
