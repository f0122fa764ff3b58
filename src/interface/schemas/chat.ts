/** Issue 16: the shapes of the chat API (GET/POST /api/scans/:id/chat); the chat's events are typed in src/chat/events.ts. */
import { Type, type Static } from '@sinclair/typebox';

export const CitationSchema = Type.Object(
  {
    ref: Type.String({ description: 'the marker in the text: F1, or File.sol:12-18' }),
    findingId: Type.Union([Type.String(), Type.Null()]),
    file: Type.String(),
    start: Type.Integer({ minimum: 1 }),
    end: Type.Integer({ minimum: 1 }),
  },
  { $id: 'ChatCitation' },
);

export const FixSchema = Type.Object(
  {
    findingId: Type.Union([Type.String(), Type.Null()]),
    ref: Type.Union([Type.String(), Type.Null()]),
    file: Type.String(),
    summary: Type.String(),
    diff: Type.String({ description: 'unified diff against the scanned file (a/FILE → b/FILE)' }),
  },
  { $id: 'ChatFix' },
);

export const BudgetSchema = Type.Object(
  {
    day: Type.String({ description: 'UTC day, YYYY-MM-DD' }),
    messagesUsed: Type.Integer(),
    messagesLimit: Type.Integer(),
    tokensUsed: Type.Integer(),
    tokensLimit: Type.Integer({ description: '0 when no language model is configured' }),
  },
  { $id: 'ChatBudget' },
);

export const ChatMessageSchema = Type.Object(
  {
    id: Type.String(),
    role: Type.Union([Type.Literal('user'), Type.Literal('assistant')]),
    content: Type.String(),
    citations: Type.Array(CitationSchema),
    fixes: Type.Array(FixSchema),
    model: Type.Union([Type.String(), Type.Null()], { description: 'the model that wrote it; null when composed from the scan' }),
    error: Type.Union([Type.String(), Type.Null()]),
    createdAt: Type.String(),
  },
  { $id: 'ChatMessage' },
);

export const ConversationSchema = Type.Object({
  messages: Type.Array(ChatMessageSchema),
  budget: BudgetSchema,
  model: Type.Union([Type.String(), Type.Null()], { description: 'the configured model; null: answers are composed from the scan' }),
});

export const AskSchema = Type.Object({
  question: Type.Optional(Type.String({ description: 'at most 2000 characters' })),
  findingId: Type.Optional(Type.String({ description: 'the finding the question is about (its id or F1, F2…)', maxLength: 100 })),
});

export const AnswerSchema = Type.Object({
  answer: Type.Object({
    messageId: Type.String(),
    text: Type.String(),
    citations: Type.Array(CitationSchema),
    fixes: Type.Array(FixSchema),
    errors: Type.Array(Type.String()),
    model: Type.Union([Type.String(), Type.Null()]),
  }),
  budget: BudgetSchema,
});

export type ChatMessage = Static<typeof ChatMessageSchema>;
export type Conversation = Static<typeof ConversationSchema>;
export type Answer = Static<typeof AnswerSchema>;
