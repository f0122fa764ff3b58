import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { openTestStore, type TestStore } from '../testing/test-stores.ts';
import { startFakeChatServer, type FakeChatServer } from '../testing/fake-chat-completions.ts';
import { createChatStore } from './chat-store.ts';
import { ChatError, createChatService, type ChatServiceDeps } from './chat-service.ts';
import type { ChatEvent } from './events.ts';
import { factsFromSources } from './facts-from-sources.ts';

const HONEYPOT = readFileSync(new URL('../devnet/contracts/HoneypotToken.sol', import.meta.url), 'utf8');
const facts = factsFromSources({ scanId: 'scan-1', target: 'HoneypotToken', sources: { 'HoneypotToken.sol': HONEYPOT } });

let store: TestStore;
let fake: FakeChatServer;
let now = new Date('2026-11-25T10:00:00Z');
before(async () => {
  store = await openTestStore();
  fake = await startFakeChatServer();
});
after(async () => {
  await store.dispose();
  await fake.close();
});

function service(overrides: Partial<ChatServiceDeps> = {}) {
  return createChatService({
    store: createChatStore(store.db),
    loadScan: async (scanId, accountId) => (scanId === 'scan-1' && accountId.startsWith('acct') ? facts : null),
    llm: null,
    limits: { dailyMessages: 50, dailyTokens: 100_000 },
    clock: () => now,
    ...overrides,
  });
}

async function events(stream: AsyncGenerator<ChatEvent>): Promise<ChatEvent[]> {
  const out: ChatEvent[] = [];
  for await (const e of stream) out.push(e);
  return out;
}
const textOf = (list: ChatEvent[]) => list.map((e) => (e.type === 'delta' ? e.text : '')).join('');

describe('chat service', () => {
  it('without a model: answers from the scan, cites line 69 and proposes a diff, and stores both turns', async () => {
    const chat = service();
    const list = await events(await chat.ask({ scanId: 'scan-1', accountId: 'acct-a', question: 'Can I sell this token?' }));
    assert.match(textOf(list), /^No language model is configured/);
    assert.ok(list.some((e) => e.type === 'citation' && e.ref === 'F1' && e.start === 69 && e.end === 69));
    const fix = list.find((e) => e.type === 'fix');
    assert.ok(fix && fix.type === 'fix' && fix.diff.includes('-            require(isWhitelisted[from], "Transfer failed");'));
    const done = list.at(-1)!;
    assert.equal(done.type, 'done');
    assert.ok(done.type === 'done' && done.model === null && done.budget.messagesUsed === 1 && done.budget.messagesLimit === 50);
    const { messages } = await chat.conversation('scan-1', 'acct-a');
    assert.deepEqual(
      messages.map((m) => m.role),
      ['user', 'assistant'],
    );
    assert.equal(messages[1]!.fixes.length, 1);
    // Another account does not see this conversation.
    assert.equal((await chat.conversation('scan-1', 'acct-b')).messages.length, 0);
  });

  it('with a model: streams its deltas, links the citations it wrote, records the tokens; the prompt holds the finding and its code', async () => {
    fake.script({
      kind: 'answer',
      pieces: ['Only whitelisted holders can sell ', '[F1]; the check is at ', '[HoneypotToken.sol:68-70].'],
      usage: { prompt_tokens: 900, completion_tokens: 30 },
    });
    const chat = service({ llm: { baseUrl: fake.baseUrl, apiKey: undefined, model: 'fake-7b', timeoutMs: 2000 } });
    const list = await events(await chat.ask({ scanId: 'scan-1', accountId: 'acct-c', question: 'Can I sell?' }));
    assert.deepEqual(
      list.filter((e) => e.type === 'delta').map((e) => (e.type === 'delta' ? e.text : '')),
      ['Only whitelisted holders can sell ', '[F1]; the check is at ', '[HoneypotToken.sol:68-70].'],
    );
    assert.deepEqual(
      list.filter((e) => e.type === 'citation').map((e) => (e.type === 'citation' ? [e.ref, e.start, e.end] : [])),
      [
        ['F1', 69, 69],
        ['HoneypotToken.sol:68-70', 68, 70],
      ],
    );
    assert.ok(list.some((e) => e.type === 'fix'));
    const done = list.at(-1)!;
    assert.ok(done.type === 'done' && done.model === 'fake-7b' && done.budget.tokensUsed === 930);
    const prompt = fake.requests.at(-1)!.body.messages!;
    assert.equal(prompt[0]!.role, 'system');
    assert.match(prompt.at(-1)!.content, /\[F1\] Selling can be blocked or confiscated/);
    assert.match(prompt.at(-1)!.content, /69\s+require\(isWhitelisted\[from\]/);
  });

  it('a provider timeout is a message in the answer, which then comes from the scan', async () => {
    fake.script({ kind: 'hang' });
    const chat = service({ llm: { baseUrl: fake.baseUrl, apiKey: undefined, model: 'fake-7b', timeoutMs: 100 } });
    const list = await events(await chat.ask({ scanId: 'scan-1', accountId: 'acct-d', question: 'Can I sell?' }));
    const error = list.find((e) => e.type === 'error');
    assert.ok(error && error.type === 'error' && /did not answer in time/.test(error.message));
    assert.match(textOf(list), /^This answer is composed from the scan itself/);
    assert.ok(list.some((e) => e.type === 'citation' && e.ref === 'F1'));
  });

  it('a rate limit from the provider is said with its wait', async () => {
    fake.script({ kind: 'error', status: 429, message: 'Rate limit reached', retryAfter: 7 });
    const chat = service({ llm: { baseUrl: fake.baseUrl, apiKey: undefined, model: 'fake-7b', timeoutMs: 2000 } });
    const list = await events(await chat.ask({ scanId: 'scan-1', accountId: 'acct-e', question: 'why?' }));
    assert.ok(
      list.some(
        (e) => e.type === 'error' && e.message === 'The language model is rate-limiting requests; try again shortly (retry after 7 s).',
      ),
    );
  });

  it('the daily message budget: refused once spent, open again the next UTC day', async () => {
    const chat = service({ limits: { dailyMessages: 2, dailyTokens: 0 } });
    for (let i = 0; i < 2; i++) await events(await chat.ask({ scanId: 'scan-1', accountId: 'acct-f', question: 'Is it safe?' }));
    await assert.rejects(
      chat.ask({ scanId: 'scan-1', accountId: 'acct-f', question: 'And now?' }),
      (e: unknown) => e instanceof ChatError && e.statusCode === 429,
    );
    now = new Date('2026-11-26T00:00:01Z');
    const list = await events(await chat.ask({ scanId: 'scan-1', accountId: 'acct-f', question: 'And now?' }));
    const done = list.at(-1)!;
    assert.ok(done.type === 'done' && done.budget.messagesUsed === 1 && done.budget.day === '2026-11-26');
  });

  it('the daily token budget: once spent, answers come from the scan and say why', async () => {
    fake.script({ kind: 'answer', pieces: ['ok [F1]'], usage: { prompt_tokens: 80, completion_tokens: 2 } });
    const chat = service({
      llm: { baseUrl: fake.baseUrl, apiKey: undefined, model: 'fake-7b', timeoutMs: 2000 },
      limits: { dailyMessages: 50, dailyTokens: 50 },
    });
    await events(await chat.ask({ scanId: 'scan-1', accountId: 'acct-g', question: 'Can I sell?' }));
    const requests = fake.requests.length;
    const list = await events(await chat.ask({ scanId: 'scan-1', accountId: 'acct-g', question: 'Can I sell?' }));
    assert.equal(fake.requests.length, requests, 'the model was not asked');
    assert.match(textOf(list), /token budget is used up/);
  });

  it('bad questions and unknown scans are refused before anything is counted', async () => {
    const chat = service();
    await assert.rejects(
      chat.ask({ scanId: 'scan-1', accountId: 'acct-h', question: '  ' }),
      (e: unknown) => e instanceof ChatError && e.statusCode === 400,
    );
    await assert.rejects(
      chat.ask({ scanId: 'scan-1', accountId: 'acct-h', question: 'x'.repeat(2001) }),
      (e: unknown) => e instanceof ChatError && e.statusCode === 400,
    );
    await assert.rejects(
      chat.ask({ scanId: 'nope', accountId: 'acct-h', question: 'hi' }),
      (e: unknown) => e instanceof ChatError && e.statusCode === 404,
    );
    assert.equal((await chat.budget('acct-h')).messagesUsed, 0);
  });
});
