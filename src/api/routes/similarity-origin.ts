/**
 * GET /api/search/similarity/origin?file=… (issue 17): the text of one reference file of
 * the corpus, so Similarityscan can show a matched range beside the code it came from.
 * Same key and rate-limit rules as the similarity search.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { MESSAGES } from '../../interface/messages.ts';
import { type AccessGate, KEY_OPTIONAL } from '../access.ts';
import { HttpError } from '../http-error.ts';

export interface SimilarityOriginDeps {
  readonly gate: AccessGate;
  readonly list: () => Promise<ReadonlyArray<{ file: string; origin: string }>>;
  readonly content: (file: string) => Promise<string | undefined>;
}

const Message = Type.Object({ message: Type.String() });

export const similarityOriginRoutes: FastifyPluginAsyncTypebox<SimilarityOriginDeps> = async (app, deps) => {
  app.get(
    '/api/search/similarity/origin',
    {
      schema: {
        summary: 'The code of a reference file that a similarity match names',
        tags: ['similarity'],
        security: KEY_OPTIONAL,
        querystring: Type.Object({
          file: Type.String({ minLength: 1, maxLength: 500, description: 'the `file` of a rank or contract match' }),
        }),
        response: {
          200: Type.Object({ file: Type.String(), origin: Type.String(), content: Type.String() }),
          400: Message,
          403: Message,
          404: Message,
          429: Message,
        },
      },
      onRequest: deps.gate({
        bucket: 'similarity',
        keyRequired: false,
        invalidKey: () => new HttpError(403, MESSAGES.cyberscan.invalidApiKey),
        tooManyRequests: () => new HttpError(429, MESSAGES.cyberscan.tooManyRequests),
      }),
    },
    async (request) => {
      const doc = (await deps.list()).find((d) => d.file === request.query.file);
      const content = doc ? await deps.content(doc.file) : undefined;
      if (!doc || content === undefined) throw new HttpError(404, 'No reference file by that name');
      return { file: doc.file, origin: doc.origin, content };
    },
  );
};
