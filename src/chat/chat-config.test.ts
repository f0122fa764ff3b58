import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, loadConfig } from '../config.ts';

describe('chat settings (LLM_*, CHAT_DAILY_*)', () => {
  it('no LLM_BASE_URL: no model, default budgets', () => {
    const config = loadConfig({});
    assert.equal(config.llm, null);
    assert.equal(config.chatDailyMessages, 50);
    assert.equal(config.chatDailyTokens, 200_000);
  });

  it('a URL with a model, key and timeout', () => {
    const config = loadConfig({
      LLM_BASE_URL: 'http://127.0.0.1:11434/v1',
      LLM_MODEL: 'llama3.1',
      LLM_API_KEY: 'k',
      LLM_TIMEOUT_MS: '5000',
      CHAT_DAILY_MESSAGES: '3',
    });
    assert.deepEqual(config.llm, { baseUrl: 'http://127.0.0.1:11434/v1', apiKey: 'k', model: 'llama3.1', timeoutMs: 5000 });
    assert.equal(config.chatDailyMessages, 3);
  });

  it('refuses a URL without a model, a URL that is not http(s), and a bad number', () => {
    assert.throws(
      () => loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:8080/v1' }),
      (e: unknown) => e instanceof ConfigError && /LLM_MODEL/.test(e.message),
    );
    assert.throws(() => loadConfig({ LLM_BASE_URL: 'ftp://x', LLM_MODEL: 'm' }), ConfigError);
    assert.throws(() => loadConfig({ CHAT_DAILY_MESSAGES: 'many' }), ConfigError);
  });
});
