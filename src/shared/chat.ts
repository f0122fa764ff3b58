/** The chat API's shapes (src/interface/schemas/chat.ts) and the events of a streamed answer, for the web. */
export type { Answer, ChatMessage, Conversation } from '../interface/schemas/chat.ts';
export type { BudgetInfo, ChatEvent, Citation, FixEvent } from './chat-events.ts';
