import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createMemoryMailer } from '../../accounts/mailer.ts';
import { createRateLimiter } from '../../limits/rate-limiter.ts';
import { analyzeSources } from '../../analysis/analyze.ts';
import { startFakeChatServer, type FakeChatServer } from '../../testing/fake-chat-completions.ts';
import { MESSAGES } from '../../interface/messages.ts';
import type { DashboardScansTable } from '../../store/schema.ts';

const HONEYPOT = readFileSync(new URL('../../devnet/contracts/HoneypotToken.sol', import.meta.url), 'utf8');
const mailer = createMemoryMailer();
let t: TestApp;
let fake: FakeChatServer;

/** Signs up an account and returns its cookie, CSRF token and id. */
async function signUp(email: string) {
  const first = await t.app.inject({ url: '/api/session' });
  const csrfCookie = first.cookies.find((c) => c.name === 'sw_csrf')!;
  const csrf = (first.json() as { csrfToken: string }).csrfToken;
  const headers = { cookie: `sw_csrf=${csrfCookie.value}`, 'x-csrf-token': csrf };
  await t.app.inject({ method: 'POST', url: '/api/account/signup', headers, payload: { email, password: 'correct horse battery' } });
  const code = /code is (\d{6})/.exec(mailer.sent.at(-1)?.text ?? '')?.[1] ?? '';
  const verified = await t.app.inject({ method: 'POST', url: '/api/account/verify', headers, payload: { email, code } });
  const body = verified.json() as { account: { id: string }; csrfToken: string };
  const session = verified.cookies.find((c) => c.name === 'sw_session')!;
  return { id: body.account.id, headers: { cookie: `sw_session=${session.value}`, 'x-csrf-token': body.csrfToken } };
}

async function addScan(id: string, accountId: string, visibility: 'public' | 'private') {
  const sources = { 'HoneypotToken.sol': HONEYPOT };
  const analysis = analyzeSources(sources);
  const findings = analysis.findings.map((f) => ({ ...f, line: f.ranges[0]![0], endLine: f.ranges[0]![1], origin: 'source' }));
  const row: DashboardScansTable = {
    id,
    account_id: accountId,
    kind: 'files',
    status: 'done',
    visibility,
    title: '1 file',
    network: null,
    address: null,
    repository: null,
    stages: '[]',
    result: JSON.stringify({
      type: 'source',
      sources,
      skipped: [],
      report: { findings, taxes: null, similarity: { ranks: [], contracts: [] }, score: { security: 12 } },
      meta: {},
    }),
    error: null,
    created_at: new Date().toISOString(),
    finished_at: new Date().toISOString(),
    owner: null,
    heartbeat_at: null,
  };
  await t.store.db.withTables<{ dashboard_scans: DashboardScansTable }>().insertInto('dashboard_scans').values(row).execute();
}

/** The events of a text/event-stream body. */
function parseSse(body: string): Array<{ event: string; data: Record<string, unknown> }> {
  return body
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const event = /^event: (.+)$/m.exec(block)?.[1] ?? '';
      const data = JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? '{}') as Record<string, unknown>;
      return { event, data };
    });
}

let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;

before(async () => {
  fake = await startFakeChatServer();
  t = await createTestApp({
    mailer,
    accountLimiters: {
      client: createRateLimiter({ pointsPerWindow: 1000, keyPrefix: 'c' }),
      account: createRateLimiter({ pointsPerWindow: 1000, keyPrefix: 'a' }),
      mail: createRateLimiter({ pointsPerWindow: 1000, keyPrefix: 'm' }),
    },
    chat: { llm: null, limits: { dailyMessages: 3, dailyTokens: 0 } },
  });
  owner = await signUp('owner@example.org');
  other = await signUp('other@example.org');
  await addScan('scan-private', owner.id, 'private');
  await addScan('scan-public', owner.id, 'public');
});
after(async () => {
  await t.close();
  await fake.close();
});

describe('GET/POST /api/scans/:id/chat', () => {
  it('streams an answer from the scan as server-sent events, then shows the conversation', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/scans/scan-private/chat',
      headers: { ...owner.headers, accept: 'text/event-stream' },
      payload: { question: 'Can I sell this token?' },
    });
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^text\/event-stream/);
    assert.ok(response.headers['content-security-policy'], 'the security headers come along');
    const events = parseSse(response.body);
    const text = events
      .filter((e) => e.event === 'delta')
      .map((e) => e.data.text)
      .join('');
    assert.match(text, /No language model is configured/);
    assert.ok(events.some((e) => e.event === 'citation' && e.data.ref === 'F1' && e.data.start === 69));
    assert.ok(events.some((e) => e.event === 'fix' && String(e.data.diff).includes('require(isWhitelisted[from]')));
    const done = events.at(-1)!;
    assert.equal(done.event, 'done');
    assert.deepEqual((done.data.budget as { messagesUsed: number }).messagesUsed, 1);

    const conversation = await t.app.inject({ url: '/api/scans/scan-private/chat', headers: owner.headers });
    assert.equal(conversation.statusCode, 200);
    const body = conversation.json() as { messages: Array<{ role: string; citations: unknown[] }>; model: null };
    assert.deepEqual(
      body.messages.map((m) => m.role),
      ['user', 'assistant'],
    );
    assert.ok(body.messages[1]!.citations.length > 0);
    assert.equal(body.model, null);
  });

  it('answers whole as JSON to a client that does not ask for a stream, with an account API key', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/account/keys', headers: owner.headers, payload: { name: 'bot' } });
    const key = (created.json() as { key: string }).key;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/scans/scan-private/chat',
      headers: { 'x-api-key': key },
      payload: { question: 'How do I fix it?' },
    });
    assert.equal(response.statusCode, 200);
    const body = response.json() as { answer: { text: string; fixes: unknown[]; citations: unknown[] }; budget: { messagesUsed: number } };
    assert.ok(body.answer.fixes.length >= 2);
    assert.ok(body.answer.citations.length >= 2);
    assert.equal(body.budget.messagesUsed, 2);
  });

  it('refuses what it must: no login, a CSRF-less post, a private scan of another account, an empty question, a spent budget', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/scans/scan-public/chat', payload: { question: 'hi' } });
    assert.equal(anonymous.statusCode, 403, 'a post without a CSRF token is refused first');
    const noSession = await t.app.inject({ url: '/api/scans/scan-public/chat' });
    assert.equal(noSession.statusCode, 401);
    assert.equal((noSession.json() as { message: string }).message, MESSAGES.chat.loginRequired);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/api/scans/scan-public/chat',
      headers: { cookie: owner.headers.cookie },
      payload: { question: 'hi' },
    });
    assert.equal(noCsrf.statusCode, 403);
    const notYours = await t.app.inject({
      method: 'POST',
      url: '/api/scans/scan-private/chat',
      headers: other.headers,
      payload: { question: 'hi' },
    });
    assert.equal(notYours.statusCode, 404);
    assert.equal((notYours.json() as { message: string }).message, MESSAGES.chat.scanNotFound);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/scans/scan-public/chat',
      headers: other.headers,
      payload: { question: ' ' },
    });
    assert.equal(empty.statusCode, 400);
    assert.equal((empty.json() as { message: string }).message, MESSAGES.chat.questionRequired);
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/scans/scan-public/chat',
      headers: { ...other.headers, 'content-type': 'application/json' },
      payload: '{"question":',
    });
    assert.equal(badJson.statusCode, 400);
    // A public scan: another account may ask, in a conversation of its own.
    const publicAsk = await t.app.inject({
      method: 'POST',
      url: '/api/scans/scan-public/chat',
      headers: other.headers,
      payload: { question: 'Who can change fees?' },
    });
    assert.equal(publicAsk.statusCode, 200);
    // The owner's budget is 3 a day: two spent above, one here, then refused.
    const third = await t.app.inject({
      method: 'POST',
      url: '/api/scans/scan-public/chat',
      headers: owner.headers,
      payload: { question: 'Is it safe?' },
    });
    assert.equal(third.statusCode, 200);
    const fourth = await t.app.inject({
      method: 'POST',
      url: '/api/scans/scan-public/chat',
      headers: owner.headers,
      payload: { question: 'Is it safe?' },
    });
    assert.equal(fourth.statusCode, 429);
    assert.equal((fourth.json() as { message: string }).message, MESSAGES.chat.dailyMessages);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    assert.ok(doc.paths['/api/scans/{id}/chat']?.get);
    assert.ok(doc.paths['/api/scans/{id}/chat']?.post);
  });
});
