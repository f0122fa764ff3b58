/**
 * Conversations per scan and account, and the daily budgets. A message is reserved before
 * it is answered with one conditional upsert, so two tabs cannot both take the last one.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { ChatTables, Database } from '../store/schema.ts';
import type { Citation, FixEvent } from './events.ts';

export interface StoredMessage {
  readonly id: string;
  readonly role: 'user' | 'assistant';
  readonly content: string;
  readonly citations: Citation[];
  readonly fixes: FixEvent[];
  readonly model: string | null;
  readonly error: string | null;
  readonly createdAt: string;
}

export interface DailyUsage {
  readonly day: string;
  readonly messages: number;
  readonly tokens: number;
}

export function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function parseList<T>(json: string): T[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

export function createChatStore(store: Kysely<Database>) {
  const db = store.withTables<ChatTables>();
  return {
    async history(scanId: string, accountId: string, limit = 200): Promise<StoredMessage[]> {
      const rows = await db
        .selectFrom('chat_messages')
        .selectAll()
        .where('scan_id', '=', scanId)
        .where('account_id', '=', accountId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.reverse().map((r) => ({
        id: r.id,
        role: r.role,
        content: r.content,
        citations: parseList<Citation>(r.citations),
        fixes: parseList<FixEvent>(r.fixes),
        model: r.model,
        error: r.error,
        createdAt: r.created_at,
      }));
    },

    async append(scanId: string, accountId: string, message: Omit<StoredMessage, 'id'> & { readonly tokens: number }): Promise<string> {
      const id = randomUUID();
      await db
        .insertInto('chat_messages')
        .values({
          id,
          scan_id: scanId,
          account_id: accountId,
          role: message.role,
          content: message.content,
          citations: JSON.stringify(message.citations),
          fixes: JSON.stringify(message.fixes),
          model: message.model,
          error: message.error,
          tokens: message.tokens,
          created_at: message.createdAt,
        })
        .execute();
      return id;
    },

    async usage(accountId: string, day: string): Promise<DailyUsage> {
      const row = await db
        .selectFrom('chat_usage')
        .select(['messages', 'tokens'])
        .where('account_id', '=', accountId)
        .where('day', '=', day)
        .executeTakeFirst();
      return { day, messages: row?.messages ?? 0, tokens: row?.tokens ?? 0 };
    },

    /** Takes one message of the day's budget; false when none is left. */
    async reserveMessage(accountId: string, day: string, maxMessages: number): Promise<boolean> {
      if (maxMessages <= 0) return false;
      const row = await db
        .insertInto('chat_usage')
        .values({ account_id: accountId, day, messages: 1, tokens: 0 })
        .onConflict((oc) =>
          oc
            .columns(['account_id', 'day'])
            .doUpdateSet({ messages: sql<number>`chat_usage.messages + 1` })
            .where('chat_usage.messages', '<', maxMessages),
        )
        .returning('messages')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Gives back a reserved message that was never answered (the model failed). */
    async releaseMessage(accountId: string, day: string): Promise<void> {
      await db
        .updateTable('chat_usage')
        .set({ messages: sql<number>`case when messages > 0 then messages - 1 else 0 end` })
        .where('account_id', '=', accountId)
        .where('day', '=', day)
        .execute();
    },

    async addTokens(accountId: string, day: string, tokens: number): Promise<void> {
      if (tokens <= 0) return;
      await db
        .updateTable('chat_usage')
        .set({ tokens: sql<number>`tokens + ${tokens}` })
        .where('account_id', '=', accountId)
        .where('day', '=', day)
        .execute();
    },
  };
}

export type ChatStore = ReturnType<typeof createChatStore>;
