/**
 * The chat's HTTP client: the conversation (GET) and a question whose answer streams as
 * server-sent events (POST with Accept: text/event-stream), read from the response body
 * as it arrives. The conversation and event shapes come from src/shared/chat.ts.
 */
import type { BudgetInfo, ChatEvent, ChatMessage, Citation, Conversation, FixEvent } from '../../shared/chat.ts';
import { ApiError, request } from '../api/client.ts';

export type { BudgetInfo, ChatEvent, ChatMessage, Citation, Conversation, FixEvent };

export function getConversation(scanId: string): Promise<Conversation> {
  return request<Conversation>('GET', `/api/scans/${encodeURIComponent(scanId)}/chat`);
}

/** Splits a text/event-stream into its events; returns the rest that is not complete yet. */
export function parseEvents(buffer: string): { events: ChatEvent[]; rest: string } {
  const events: ChatEvent[] = [];
  const blocks = buffer.split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    const type = /^event: (.+)$/m.exec(block)?.[1];
    const data = /^data: (.+)$/m.exec(block)?.[1];
    if (!type || !data) continue;
    try {
      events.push({ type, ...(JSON.parse(data) as object) } as ChatEvent);
    } catch {
      // A malformed event is skipped; the rest of the answer still shows.
    }
  }
  return { events, rest };
}

export async function ask(
  scanId: string,
  question: string,
  findingId: string | undefined,
  onEvent: (event: ChatEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  // The session's CSRF token, fresh: the POST must carry it.
  const session = await request<{ csrfToken: string }>('GET', '/api/session');
  let response: Response;
  try {
    response = await fetch(`/api/scans/${encodeURIComponent(scanId)}/chat`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'text/event-stream', 'content-type': 'application/json', 'x-csrf-token': session.csrfToken },
      body: JSON.stringify(findingId ? { question, findingId } : { question }),
      ...(signal ? { signal } : {}),
    });
  } catch {
    throw new ApiError(0, 'Could not reach the server: check your connection and try again', undefined);
  }
  if (!response.ok || !response.body) {
    let message = `The server answered ${response.status}`;
    try {
      const body = (await response.json()) as { message?: unknown };
      if (typeof body.message === 'string') message = body.message;
    } catch {
      // Not JSON: the status says it.
    }
    throw new ApiError(response.status, message, undefined);
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let finished = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      const parsed = parseEvents(buffer);
      buffer = parsed.rest;
      for (const event of parsed.events) {
        if (event.type === 'done') finished = true;
        onEvent(event);
      }
    }
  } catch {
    if (signal?.aborted) return;
  }
  if (!finished && !signal?.aborted)
    onEvent({ type: 'error', message: 'The connection to the server was cut before the answer was complete.' });
}
