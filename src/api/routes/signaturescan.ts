/**
 * Signaturescan: POST /api/signaturescan {q} looks a text signature, a 4-byte selector
 * or a 32-byte topic up and answers `[{id, name, types, signature, hash, total}]`.
 * Same key and rate-limit rules as operation 3. POST /admin/signatures imports a
 * 4byte-style dump (admin key).
 */
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { SignatureDatabase } from '../../signatures/signature-database.ts';
import { MESSAGES } from '../../interface/messages.ts';
import { type AccessGate, KEY_OPTIONAL } from '../access.ts';
import { HttpError } from '../http-error.ts';
import { refuseWith } from '../validation.ts';

export interface SignaturescanRoutesDeps {
  readonly gate: AccessGate;
  readonly signatures: Pick<SignatureDatabase, 'lookup' | 'importDump'>;
}

const Message = Type.Object({ message: Type.String() });
const Kind = Type.Union([Type.Literal('function'), Type.Literal('event'), Type.Literal('error')]);
export const SignatureRecordSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String({ description: 'canonical text signature, e.g. balanceOf(address)' }),
  types: Type.Array(Kind, { description: 'kinds it is declared as' }),
  signature: Type.String({ description: 'keccak256 of the text, 32 bytes (an event topic)' }),
  hash: Type.String({ description: 'first 4 bytes of signature (a function or error selector)' }),
  total: Type.Integer({ description: 'contracts in the database that declare it' }),
});

export const signaturescanRoutes: FastifyPluginAsyncTypebox<SignaturescanRoutesDeps> = async (app, deps) => {
  app.post(
    '/api/signaturescan',
    {
      schema: {
        summary: 'Signaturescan: look up a function, event or error signature',
        description:
          '`q` is a text signature (`balanceOf(address)`, names and spaces allowed), a 4-byte selector (`0x70a08231`) or a 32-byte topic. Selector collisions return several records.',
        tags: ['signatures'],
        security: KEY_OPTIONAL,
        body: Type.Object({ q: Type.String({ minLength: 1, examples: ['balanceOf(address)', '0x70a08231'] }) }),
        response: { 200: Type.Array(SignatureRecordSchema), 400: Message, 403: Message, 429: Message },
      },
      // Absent, null or empty q (or no object at all) is "q is required"; any other non-text q says what q must be.
      schemaErrorFormatter: refuseWith([
        { field: '', invalid: () => new HttpError(400, MESSAGES.signaturescan.queryRequired) },
        {
          field: 'q',
          missing: () => new HttpError(400, MESSAGES.signaturescan.queryRequired),
          invalid: () => new HttpError(400, MESSAGES.signaturescan.queryNotText),
        },
      ]),
      onRequest: deps.gate({
        bucket: 'signaturescan',
        keyRequired: false,
        invalidKey: () => new HttpError(403, MESSAGES.cyberscan.invalidApiKey),
        tooManyRequests: () => new HttpError(429, MESSAGES.cyberscan.tooManyRequests),
      }),
    },
    async (request) => {
      return deps.signatures.lookup(request.body.q);
    },
  );

  await app.register(async (scope) => {
    const admin = scope.withTypeProvider<TypeBoxTypeProvider>();
    admin.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    admin.addHook(
      'onRequest',
      deps.gate({ bucket: 'admin', keyRequired: true, invalidKey: () => new HttpError(401, MESSAGES.audits.invalidApiKey) }),
    );
    // In onRequest after the key check: a non-admin is refused before its body is read or validated.
    admin.addHook('onRequest', async (request) => {
      if (request.apiKey?.scope !== 'admin') throw new HttpError(403, MESSAGES.common.forbidden);
    });
    admin.post(
      '/admin/signatures',
      {
        schema: {
          summary:
            'Import a 4byte-style dump: text (one signature per line, optionally after its hash) or JSON [{hex_signature, text_signature}]',
          tags: ['admin'],
          body: Type.Union([Type.String(), Type.Array(Type.Unknown()), Type.Object({ results: Type.Array(Type.Unknown()) })]),
          response: {
            200: Type.Object({
              read: Type.Integer(),
              added: Type.Integer(),
              rejected: Type.Array(Type.Object({ at: Type.Integer(), reason: Type.String() })),
            }),
            400: Message,
            401: Message,
            403: Message,
          },
        },
      },
      async (request) => {
        const body: unknown = request.body;
        const text = typeof body === 'string' ? body : JSON.stringify(body ?? '');
        const report = await deps.signatures.importDump(text);
        return { ...report, rejected: report.rejected.slice(0, 1000) };
      },
    );
  });
};
