/** The details page's chat (issue 16): its own session-or-API-key hook, outside the dashboard scope. */
import type { FastifyPluginAsync } from 'fastify';
import { createChatService, type ChatLimits, type ChatServiceDeps } from '../../chat/chat-service.ts';
import { createChatStore } from '../../chat/chat-store.ts';
import { createDashboardScanLoader } from '../../chat/dashboard-scan.ts';
import type { LlmConfig } from '../../chat/openai-client.ts';
import { scanChatRoutes } from '../routes/scan-chat.ts';
import type { Access } from './access.ts';

export interface ChatOptions {
  /** The chat's model (null: answers from the scan). */
  readonly llm: LlmConfig | null;
  readonly limits: ChatLimits;
  /** Where scans are read (default: the dashboard's scans in the store). */
  readonly loadScan?: ChatServiceDeps['loadScan'];
}

export interface ChatFeatureOptions {
  readonly access: Access;
  readonly chat?: ChatOptions | undefined;
}

export const chatFeature: FastifyPluginAsync<ChatFeatureOptions> = async (app, { access, chat }) => {
  const { db } = access.store;
  await app.register(scanChatRoutes, {
    accounts: access.accounts,
    verifyApiKey: access.verifyApiKey,
    chat: createChatService({
      store: createChatStore(db),
      loadScan: chat?.loadScan ?? createDashboardScanLoader(db),
      llm: chat?.llm ?? null,
      limits: chat?.limits ?? { dailyMessages: 50, dailyTokens: 200_000 },
      clock: access.clock,
    }),
  });
};
