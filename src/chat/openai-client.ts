/**
 * A client for any OpenAI-compatible chat-completions endpoint (hosted services, Ollama,
 * llama.cpp, vLLM): POST {LLM_BASE_URL}/chat/completions, streamed as server-sent events
 * (`data: {chunk}` … `data: [DONE]`) or answered whole. Every failure becomes a
 * ProviderError with a kind the panel can explain: a timeout (no byte for timeoutMs), the
 * provider's own error body, a rate limit, a stream cut before [DONE].
 */
import type { ChatMessage } from './prompt.ts';

export interface LlmConfig {
  /** e.g. https://api.example.com/v1 or http://127.0.0.1:11434/v1 */
  readonly baseUrl: string;
  readonly apiKey: string | undefined;
  readonly model: string;
  /** Longest wait for the next byte. */
  readonly timeoutMs: number;
}

export type ProviderErrorKind = 'timeout' | 'rate-limit' | 'provider' | 'disconnected' | 'unreachable';

export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
    readonly status?: number,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export interface Usage {
  readonly promptTokens: number;
  readonly completionTokens: number;
}

export type CompletionChunk = { readonly type: 'delta'; readonly text: string } | { readonly type: 'usage'; readonly usage: Usage };

function endpoint(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/chat/completions`;
}

/** The message of an OpenAI-style error body ({"error":{"message":…}}), or the text. */
function errorMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    if (typeof parsed.error === 'string') return parsed.error;
    if (parsed.error && typeof parsed.error.message === 'string') return parsed.error.message;
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // Not JSON: the text itself, shortened.
  }
  return body.trim().slice(0, 300) || 'no message';
}

function usageOf(value: unknown): Usage | null {
  if (typeof value !== 'object' || value === null) return null;
  const u = value as { prompt_tokens?: unknown; completion_tokens?: unknown };
  if (typeof u.prompt_tokens !== 'number' || typeof u.completion_tokens !== 'number') return null;
  return { promptTokens: u.prompt_tokens, completionTokens: u.completion_tokens };
}

/** An abort signal that fires when `touch()` has not been called for `ms`, or when `outer` aborts. */
function idleTimer(ms: number, outer: AbortSignal | undefined) {
  const controller = new AbortController();
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const touch = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, ms);
  };
  const onOuter = () => controller.abort();
  outer?.addEventListener('abort', onOuter, { once: true });
  touch();
  return {
    signal: controller.signal,
    touch,
    timedOut: () => timedOut,
    stop: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuter);
    },
  };
}

async function post(config: LlmConfig, messages: readonly ChatMessage[], stream: boolean, signal: AbortSignal): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: stream ? 'text/event-stream' : 'application/json' };
  if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;
  const body = { model: config.model, messages, stream, temperature: 0.2, ...(stream ? { stream_options: { include_usage: true } } : {}) };
  const response = await fetch(endpoint(config.baseUrl), { method: 'POST', headers, body: JSON.stringify(body), signal });
  if (response.ok) return response;
  const text = await response.text().catch(() => '');
  const message = errorMessage(text);
  if (response.status === 429) {
    const retry = Number(response.headers.get('retry-after'));
    throw new ProviderError('rate-limit', message, 429, Number.isFinite(retry) && retry > 0 ? retry : undefined);
  }
  throw new ProviderError('provider', message, response.status);
}

/**
 * The ProviderError for a failure of fetch: a timeout when the idle timer fired; before an
 * answer, the endpoint cannot be reached; during it, the connection was cut.
 */
function rethrow(
  error: unknown,
  timer: { timedOut: () => boolean },
  config: LlmConfig,
  stage: 'connect' | 'read',
  outer?: AbortSignal,
): never {
  if (error instanceof ProviderError) throw error;
  if (timer.timedOut()) throw new ProviderError('timeout', `the model did not answer within ${Math.round(config.timeoutMs / 1000)} s`);
  if (outer?.aborted) throw error;
  if (stage === 'connect') {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new ProviderError('unreachable', `cannot reach ${config.baseUrl} (${cause?.code ?? cause?.message ?? 'connection failed'})`);
  }
  throw new ProviderError('disconnected', 'the connection to the model was cut before the answer was complete');
}

/** Streams the answer: text deltas as they come, then the usage when the server sends it. */
export async function* streamCompletion(
  config: LlmConfig,
  messages: readonly ChatMessage[],
  outer?: AbortSignal,
): AsyncGenerator<CompletionChunk> {
  const timer = idleTimer(config.timeoutMs, outer);
  try {
    const response = await post(config, messages, true, timer.signal).catch((e: unknown) => rethrow(e, timer, config, 'connect', outer));
    if (!response.body) throw new ProviderError('provider', 'the model sent an empty response');
    // A server that ignores `stream: true` answers with one JSON document.
    if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
      const whole = await response.text().catch((e: unknown) => rethrow(e, timer, config, 'read', outer));
      yield* wholeAnswer(whole);
      return;
    }
    const decoder = new TextDecoder();
    let buffer = '';
    let done = false;
    const reader = response.body.getReader();
    try {
      while (!done) {
        const { value, done: ended } = await reader.read().catch((e: unknown) => rethrow(e, timer, config, 'read', outer));
        if (ended) break;
        timer.touch();
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.search(/\r?\n\r?\n/)) >= 0) {
          const event = buffer.slice(0, cut);
          buffer = buffer.slice(cut).replace(/^\r?\n\r?\n/, '');
          const data = event
            .split(/\r?\n/)
            .filter((l) => l.startsWith('data:'))
            .map((l) => l.slice(5).replace(/^ /, ''))
            .join('\n');
          if (data === '') continue;
          if (data === '[DONE]') {
            done = true;
            break;
          }
          let chunk: { choices?: Array<{ delta?: { content?: unknown } }>; usage?: unknown; error?: unknown };
          try {
            chunk = JSON.parse(data) as typeof chunk;
          } catch {
            throw new ProviderError('provider', 'the model sent a malformed stream event');
          }
          // Some servers report a failure inside the stream.
          if (chunk.error) throw new ProviderError('provider', errorMessage(JSON.stringify({ error: chunk.error })));
          const text = chunk.choices?.[0]?.delta?.content;
          if (typeof text === 'string' && text !== '') yield { type: 'delta', text };
          const usage = usageOf(chunk.usage);
          if (usage) yield { type: 'usage', usage };
        }
      }
    } finally {
      reader.cancel().catch(() => undefined);
    }
    if (!done) throw new ProviderError('disconnected', 'the connection to the model was cut before the answer was complete');
  } finally {
    timer.stop();
  }
}

function* wholeAnswer(body: string): Generator<CompletionChunk> {
  let parsed: { choices?: Array<{ message?: { content?: unknown } }>; usage?: unknown };
  try {
    parsed = JSON.parse(body) as typeof parsed;
  } catch {
    throw new ProviderError('provider', 'the model sent a response that is not JSON');
  }
  const text = parsed.choices?.[0]?.message?.content;
  if (typeof text !== 'string') throw new ProviderError('provider', 'the model sent no answer');
  yield { type: 'delta', text };
  const usage = usageOf(parsed.usage);
  if (usage) yield { type: 'usage', usage };
}

/** The whole answer at once (`stream: false`), for clients that do not stream. */
export async function complete(
  config: LlmConfig,
  messages: readonly ChatMessage[],
  outer?: AbortSignal,
): Promise<{ text: string; usage: Usage | null }> {
  const timer = idleTimer(config.timeoutMs, outer);
  try {
    const response = await post(config, messages, false, timer.signal).catch((e: unknown) => rethrow(e, timer, config, 'connect', outer));
    const body = await response.text().catch((e: unknown) => rethrow(e, timer, config, 'read', outer));
    let text = '';
    let usage: Usage | null = null;
    for (const chunk of wholeAnswer(body)) {
      if (chunk.type === 'delta') text += chunk.text;
      else usage = chunk.usage;
    }
    return { text, usage };
  } finally {
    timer.stop();
  }
}
