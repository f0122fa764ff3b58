/**
 * Issue 16: the chat of a scan. GET /api/scans/:id/chat is the account's conversation
 * and budget; POST asks a question and answers as server-sent events (delta, citation,
 * fix, error, done) when the client accepts text/event-stream, else as one JSON answer.
 * The dashboard's session (with its CSRF token) or an API key of the account authenticates.
 */
import cookie from '@fastify/cookie';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { AccountService } from '../../accounts/account-service.ts';
import type { ApiKeyVerifier } from '../../keys/api-key-repository.ts';
import type { ChatService } from '../../chat/chat-service.ts';
import { sse, type ChatEvent, type Citation, type FixEvent } from '../../chat/events.ts';
import { MESSAGES } from '../../interface/messages.ts';
import { MessageSchema } from '../../interface/schemas/audit-record.ts';
import { AnswerSchema, AskSchema, ConversationSchema } from '../../interface/schemas/chat.ts';
import { HttpError } from '../http-error.ts';
import { startEventStream } from '../event-stream.ts';
import { sessionHooks } from './account.ts';

export interface ScanChatRoutesDeps {
  readonly chat: ChatService;
  readonly accounts: AccountService;
  readonly verifyApiKey: ApiKeyVerifier;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The account a chat request acts for (session or account API key). */
    chatAccountId?: string;
  }
}

const Params = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
const errors = { 400: MessageSchema, 401: MessageSchema, 403: MessageSchema, 404: MessageSchema, 429: MessageSchema };

export const scanChatRoutes: FastifyPluginAsyncTypebox<ScanChatRoutesDeps> = async (app, deps) => {
  // The session cookie is read here and in the dashboard scope only (see dashboardScope).
  await app.register(cookie);
  const session = sessionHooks(deps.accounts);
  // An API key is not sent by browsers on their own, so it needs no CSRF token; a session does.
  const authenticate = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = request.headers['x-api-key'];
    if (typeof key === 'string' && key.trim() !== '') {
      const found = await deps.verifyApiKey(key.trim());
      if (!found?.accountId) throw new HttpError(401, MESSAGES.chat.loginRequired);
      request.chatAccountId = found.accountId;
      return;
    }
    await session(request, reply);
    if (!request.session) throw new HttpError(401, MESSAGES.chat.loginRequired);
    request.chatAccountId = request.session.accountId;
  };
  const tags = ['chat'];
  const security = [{ apiKey: [] }];

  app.get(
    '/api/scans/:id/chat',
    {
      onRequest: authenticate,
      schema: {
        summary: "The account's conversation about a scan, and its daily chat budget",
        tags,
        security,
        params: Params,
        response: { 200: ConversationSchema, ...errors },
      },
    },
    async (request) => deps.chat.conversation(request.params.id, request.chatAccountId!),
  );

  app.post(
    '/api/scans/:id/chat',
    {
      onRequest: authenticate,
      schema: {
        summary: 'Ask about a scan: an answer grounded in its findings, code and evidence',
        description:
          'With `Accept: text/event-stream` the answer streams as server-sent events: `delta` {text}, `citation` {ref, findingId, file, start, end}, `fix` {findingId, ref, file, summary, diff}, `error` {message} (the model failed; the answer goes on from the scan), and a last `done` {messageId, model, budget}. Otherwise the whole answer comes as JSON.',
        tags,
        security,
        params: Params,
        body: AskSchema,
        response: { 200: AnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const abort = new AbortController();
      const stream = await deps.chat.ask({
        scanId: request.params.id,
        accountId: request.chatAccountId!,
        question: request.body.question,
        findingId: request.body.findingId,
        signal: abort.signal,
      });
      const wantsStream = String(request.headers.accept ?? '').includes('text/event-stream');
      if (!wantsStream) {
        const answer = {
          messageId: '',
          text: '',
          citations: [] as Citation[],
          fixes: [] as FixEvent[],
          errors: [] as string[],
          model: null as string | null,
        };
        let done: Extract<ChatEvent, { type: 'done' }> | undefined;
        for await (const event of stream) {
          if (event.type === 'delta') answer.text += event.text;
          else if (event.type === 'citation')
            answer.citations.push({ ref: event.ref, findingId: event.findingId, file: event.file, start: event.start, end: event.end });
          else if (event.type === 'fix')
            answer.fixes.push({ findingId: event.findingId, ref: event.ref, file: event.file, summary: event.summary, diff: event.diff });
          else if (event.type === 'error') answer.errors.push(event.message);
          else done = event;
        }
        return { answer: { ...answer, messageId: done!.messageId, model: done!.model }, budget: done!.budget };
      }
      // From here the answer is written by hand; the headers set so far (security headers) go with it.
      const raw = startEventStream(reply);
      raw.on('close', () => abort.abort());
      try {
        for await (const event of stream) {
          if (abort.signal.aborted) break;
          raw.write(sse(event));
        }
      } catch (error) {
        if (!abort.signal.aborted) {
          request.log.error({ err: error }, 'chat answer failed');
          raw.write(sse({ type: 'error', message: MESSAGES.common.internal }));
        }
      } finally {
        raw.end();
      }
    },
  );
};
