/** The chat API's shapes (src/spec/schemas/chat.ts) and the events of a streamed answer, for the web. */
export type { Answer, ChatMessage, Conversation } from '../spec/schemas/chat.ts';
export type { BudgetInfo, ChatEvent, Citation, FixEvent } from './chat-events.ts';
