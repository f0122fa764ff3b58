/**
 * Maps the one error family once. Every AppError (src/errors/app-error.ts) answers its
 * own status, headers and body `{...fields, message}`; a lost dependency answers 503
 * naming it; Fastify's own client errors (bad JSON, body too large, wrong content type)
 * answer a plain message; anything else is a 500 whose body reveals nothing about the
 * internals. A route whose operation words an error its own way says so in its config
 * (`errorAnswer`, `clientError`, `internalError`, `unavailableBody`), never in a catch.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../errors/app-error.ts';
import { HttpError } from '../http-error.ts';
import { MESSAGES } from '../../interface/messages.ts';
import { databaseConnectionFailure, DependencyUnavailableError } from '../../infra/dependency-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Maps a client error Fastify raised before the handler ran (malformed JSON, empty
     * body, …) to the operation's own error, so each operation answers in its spec shape.
     */
    clientError?: (error: FastifyError) => AppError | undefined;
    /**
     * The operation's own answer for an error that is not (yet) a family member, e.g. a
     * scan failure that came back from the job queue as a message (src/api/scan-error-answers.ts).
     */
    errorAnswer?: (error: unknown) => AppError | undefined;
    /** The body of a 500 for this route (operation 1 names its message). */
    internalError?: () => AppError;
    /** Fields every 503 of this route carries (the score operation's `{success, score}`). */
    unavailableBody?: () => Record<string, unknown>;
  }
}

const CLIENT_MESSAGES: Record<number, string> = {
  400: MESSAGES.common.badRequest,
  413: MESSAGES.common.payloadTooLarge,
  415: MESSAGES.common.unsupportedMediaType,
};

function send(reply: FastifyReply, error: AppError) {
  return reply.code(error.statusCode).headers(error.headers).send(error.body());
}

export const errorHandler = fp(async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const config = request.routeOptions.config;
    const answer = error instanceof AppError ? error : config.errorAnswer?.(error);
    // A lost dependency (a family member too) also carries the route's own 503 fields and is logged.
    if (answer && !(answer instanceof DependencyUnavailableError)) return send(reply, answer);
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
