/**
 * One question, one answer: checks the question and the daily budget, grounds the question
 * in the scan, then streams the answer from the configured model (or composes it from the
 * scan when there is none, or when the model fails before saying anything), with
 * citations and fixes as events, and stores both turns.
 */
import { AppError } from '../errors/app-error.ts';
import type { Clock } from '../accounts/clock.ts';
import { MESSAGES } from '../interface/messages.ts';
import type { ChatStore, StoredMessage } from './chat-store.ts';
import { dayOf } from './chat-store.ts';
import { citationsIn, type BudgetInfo, type ChatEvent, type Citation, type FixEvent } from './events.ts';
import { checkDiff, proposeFix, type ProposedFix } from './fixes.ts';
import { ground } from './grounding.ts';
import { answerOffline } from './offline-answer.ts';
import { ProviderError, streamCompletion, type LlmConfig } from './openai-client.ts';
import { buildMessages, type ChatMessage } from './prompt.ts';
import type { ScanFacts } from './scan-facts.ts';

export const MAX_QUESTION_CHARS = 2000;

export class ChatError extends AppError {
  override readonly name = 'ChatError';
  constructor(
    override readonly statusCode: 400 | 401 | 404 | 429,
    message: string,
  ) {
    super(statusCode, message);
  }
}

export interface ChatLimits {
  /** Questions per account and UTC day (CHAT_DAILY_MESSAGES). */
  readonly dailyMessages: number;
  /** Model tokens per account and UTC day (CHAT_DAILY_TOKENS); past it, answers come from the scan. */
  readonly dailyTokens: number;
}

export interface ChatServiceDeps {
  readonly store: ChatStore;
  /** The scan as the chat sees it, when the account may read it; null otherwise. */
  readonly loadScan: (scanId: string, accountId: string) => Promise<ScanFacts | null>;
  readonly llm: LlmConfig | null;
  readonly limits: ChatLimits;
  readonly clock: Clock;
}

export interface AskInput {
  readonly scanId: string;
  readonly accountId: string;
  readonly question: unknown;
  readonly findingId?: string | undefined;
  readonly signal?: AbortSignal;
}

const DELTA_CHARS = 160;

function providerMessage(error: ProviderError): string {
  const base = {
    timeout: MESSAGES.chat.modelTimeout,
    'rate-limit': MESSAGES.chat.modelRateLimited,
    provider: MESSAGES.chat.modelError,
    disconnected: MESSAGES.chat.modelDisconnected,
    unreachable: MESSAGES.chat.modelUnreachable,
  }[error.kind];
  const detail =
    error.kind === 'provider'
      ? `${error.status ? ` (HTTP ${error.status})` : ''}: ${error.message}`
      : error.kind === 'rate-limit' && error.retryAfterSeconds
        ? ` (retry after ${error.retryAfterSeconds} s)`
        : '';
  return `${base}${detail}.`;
}

/** The diffs in ```diff blocks of a model's answer. */
function diffBlocks(text: string): string[] {
  return [...text.matchAll(/```(?:diff|patch)\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

/** Now, or just after `previous`: a conversation's turns keep their order even within one millisecond (or under a fixed test clock). */
function laterThan(now: Date, previous: string | undefined): string {
  const floor = previous ? Date.parse(previous) + 1 : -Infinity;
  return new Date(Math.max(now.getTime(), floor)).toISOString();
}

function estimateTokens(chars: number): number {
  return Math.ceil(chars / 4);
}

export function createChatService(deps: ChatServiceDeps) {
  const { store, clock, limits } = deps;

  async function budget(accountId: string): Promise<BudgetInfo> {
    const usage = await store.usage(accountId, dayOf(clock()));
    return {
      day: usage.day,
      messagesUsed: usage.messages,
      messagesLimit: limits.dailyMessages,
      tokensUsed: usage.tokens,
      tokensLimit: deps.llm ? limits.dailyTokens : 0,
    };
  }

  async function conversation(
    scanId: string,
    accountId: string,
  ): Promise<{ messages: StoredMessage[]; budget: BudgetInfo; model: string | null }> {
    const facts = await deps.loadScan(scanId, accountId);
    if (!facts) throw new ChatError(404, MESSAGES.chat.scanNotFound);
    return { messages: await store.history(scanId, accountId), budget: await budget(accountId), model: deps.llm?.model ?? null };
  }

  /**
   * Checks everything that answers with an HTTP error (bad question, unknown scan, no
   * budget) and reserves the message; the returned stream then only yields events.
   */
  async function ask(input: AskInput): Promise<AsyncGenerator<ChatEvent>> {
    const question = typeof input.question === 'string' ? input.question.trim() : '';
    if (question === '') throw new ChatError(400, MESSAGES.chat.questionRequired);
    if (question.length > MAX_QUESTION_CHARS) throw new ChatError(400, MESSAGES.chat.questionTooLong);
    const facts = await deps.loadScan(input.scanId, input.accountId);
    if (!facts) throw new ChatError(404, MESSAGES.chat.scanNotFound);
    const day = dayOf(clock());
    if (!(await store.reserveMessage(input.accountId, day, limits.dailyMessages))) throw new ChatError(429, MESSAGES.chat.dailyMessages);
    return answer(facts, { ...input, question }, day);
  }

  async function* answer(facts: ScanFacts, input: AskInput & { question: string }, day: string): AsyncGenerator<ChatEvent> {
    const { scanId, accountId, question } = input;
    const history = await store.history(scanId, accountId, 12);
    const askedAt = laterThan(clock(), history.at(-1)?.createdAt);
    await store.append(scanId, accountId, {
      role: 'user',
      content: question,
      citations: [],
      fixes: [],
      model: null,
      error: null,
      tokens: 0,
      createdAt: askedAt,
    });
    const g = ground(facts, question, { findingId: input.findingId });

    let text = '';
    const citations: Citation[] = [];
    const fixes: FixEvent[] = [];
    const cited = new Set<string>();
    let error: string | null = null;
    let model: string | null = null;
    let tokens = 0;

    const newCitations = function* (): Generator<ChatEvent> {
      for (const c of citationsIn(text, facts)) {
        if (cited.has(c.ref)) continue;
        cited.add(c.ref);
        citations.push(c);
        yield { type: 'citation', ...c };
      }
    };
    const addFix = function* (fix: FixEvent): Generator<ChatEvent> {
      if (fixes.some((f) => f.diff === fix.diff)) return;
      fixes.push(fix);
      yield { type: 'fix', ...fix };
    };

    const usage = await store.usage(accountId, day);
    const llm = deps.llm && usage.tokens < limits.dailyTokens ? deps.llm : null;
    let answeredByModel = false;
    if (llm) {
      // The mechanical fixes go into the prompt so the model can present them, and to the panel as they are.
      const offered: ProposedFix[] = (g.wantsFix ? g.findings : g.findings.slice(0, 1))
        .map((f) => proposeFix(facts, f))
        .filter((x): x is ProposedFix => x !== null);
      const messages: ChatMessage[] = buildMessages(
        facts,
        g,
        offered,
        history.filter((m) => m.error === null).map((m) => ({ role: m.role, content: m.content })),
      );
      let reported = false;
      try {
        for await (const chunk of streamCompletion(llm, messages, input.signal)) {
          if (chunk.type === 'usage') {
            tokens = chunk.usage.promptTokens + chunk.usage.completionTokens;
            reported = true;
            continue;
          }
          text += chunk.text;
          yield { type: 'delta', text: chunk.text };
          yield* newCitations();
        }
        answeredByModel = true;
        model = llm.model;
        for (const fix of offered)
          yield* addFix({ findingId: fix.findingId, ref: fix.ref, file: fix.file, summary: fix.summary, diff: fix.diff });
        for (const diff of diffBlocks(text)) {
          const file = checkDiff(facts, diff);
          if (file)
            yield* addFix({
              findingId: null,
              ref: null,
              file,
              summary: 'The change the model proposed (it applies to the scanned file).',
              diff,
            });
        }
      } catch (e) {
        if (!(e instanceof ProviderError)) throw e;
        error = providerMessage(e);
        yield { type: 'error', message: error };
        if (text !== '') model = llm.model;
      }
      if (!reported) tokens = estimateTokens(messages.reduce((n, m) => n + m.content.length, 0) + text.length);
    }
    if (!answeredByModel && text === '') {
      // No model, the token budget is spent, or the model failed before saying anything.
      const offline = answerOffline(facts, g);
      const note =
        deps.llm && !llm ? 'Today\u2019s language-model token budget is used up, so this answer comes from the scan alone.\n\n' : '';
      const body = deps.llm
        ? `${note}${offline.text.replace(/^No language model is configured[^\n]*\n\n/, 'This answer is composed from the scan itself: its findings, the detectors\u2019 notes, the code and the evidence.\n\n')}`
        : offline.text;
      // Streamed in pieces like a model's answer, so the panel has one path.
      for (let i = 0; i < body.length; i += DELTA_CHARS) {
        text += body.slice(i, i + DELTA_CHARS);
        yield { type: 'delta', text: body.slice(i, i + DELTA_CHARS) };
        yield* newCitations();
      }
      for (const fix of offline.fixes)
        yield* addFix({ findingId: fix.findingId, ref: fix.ref, file: fix.file, summary: fix.summary, diff: fix.diff });
    }
    yield* newCitations();
    if (tokens > 0) await store.addTokens(accountId, day, tokens);
    const messageId = await store.append(scanId, accountId, {
      role: 'assistant',
      content: text,
      citations,
      fixes,
      model,
      error,
      tokens,
      createdAt: laterThan(clock(), askedAt),
    });
    yield { type: 'done', messageId, model, budget: await budget(accountId) };
  }

  return { ask, conversation, budget };
}

export type ChatService = ReturnType<typeof createChatService>;
