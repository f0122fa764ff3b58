import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import Fastify, { type FastifyInstance } from 'fastify';
import { errorHandler } from './error-handler.ts';
import { AppError } from '../../errors/app-error.ts';
import { HttpError } from '../http-error.ts';
import { MESSAGES } from '../../interface/messages.ts';
import { AccountError } from '../../accounts/account-error.ts';
import { ServiceError } from '../../offers/service-error.ts';
import { ChatError } from '../../chat/chat-service.ts';
import { ScanInputError } from '../../dashboard-scans/scan-input-error.ts';
import { SignatureDumpError, SignatureQueryError } from '../../signatures/signature-errors.ts';
import { SimilarityInputError } from '../../analysis/similarity/similarity-error.ts';
import { CorpusError } from '../../corpus/corpus-error.ts';
import { SimilarityBusyError, SimilarityTimeoutError } from '../../corpus/similarity-pool.ts';
import { SafescanUnavailableError } from '../../safescan/safescan-service.ts';
import { DependencyUnavailableError } from '../../infra/dependency-error.ts';
import { ChainUnavailableError, NotATokenError } from '../../scan/scan-errors.ts';
import { JobTimeoutError } from '../../scan/jobs/job-errors.ts';
import { scanError, scoreScanError } from '../scan-error-answers.ts';
import { LabelValidationError } from '../../labels/label-record.ts';
import { AuditFileError } from '../../audits/parse-audit-file.ts';

interface Case {
  readonly name: string;
  readonly error: () => unknown;
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly headers?: Record<string, string>;
}

const networks = [{ network: 'BSC', status: 'failed' as const, notes: [], durationMs: 3 }];

/** Each family member → its status, body and headers, exactly as the routes answered them before the family. */
const CASES: readonly Case[] = [
  {
    name: 'HttpError',
    error: () => new HttpError(404, 'gone', { success: false }),
    status: 404,
    body: { success: false, message: 'gone' },
  },
  {
    name: 'HttpError with headers',
    error: () => new HttpError(429, 'slow down', {}, { 'Retry-After': '7' }),
    status: 429,
    body: { message: 'slow down' },
    headers: { 'retry-after': '7' },
  },
  { name: 'ServiceError', error: () => new ServiceError(409, 'Already redeemed'), status: 409, body: { message: 'Already redeemed' } },
  {
    name: 'AccountError',
    error: () => new AccountError(401, 'Wrong e-mail or password'),
    status: 401,
    body: { message: 'Wrong e-mail or password' },
  },
  {
    name: 'AccountError with Retry-After',
    error: () => new AccountError(429, 'Too many attempts', 60),
    status: 429,
    body: { message: 'Too many attempts' },
    headers: { 'retry-after': '60' },
  },
  { name: 'ChatError', error: () => new ChatError(404, 'Scan not found'), status: 404, body: { message: 'Scan not found' } },
  { name: 'ScanInputError', error: () => new ScanInputError('Bad url', 'url'), status: 400, body: { field: 'url', message: 'Bad url' } },
  {
    name: 'ScanInputError with extras',
    error: () => new ScanInputError('Too many files', 'files', 413, { limit: 20 }),
    status: 413,
    body: { field: 'files', limit: 20, message: 'Too many files' },
  },
  {
    name: 'SignatureQueryError (details stay out of the body)',
    error: () => new SignatureQueryError('q is not a selector', { q: 'x' }),
    status: 400,
    body: { message: 'q is not a selector' },
  },
  {
    name: 'SignatureDumpError',
    error: () => new SignatureDumpError('not a dump', { line: 1 }),
    status: 400,
    body: { message: 'not a dump' },
  },
  {
    name: 'SimilarityInputError',
    error: () => new SimilarityInputError('no source files given'),
    status: 400,
    body: { message: 'no source files given' },
  },
  { name: 'CorpusError', error: () => new CorpusError('bad label', { label: '' }), status: 400, body: { message: 'bad label' } },
  {
    name: 'SimilarityBusyError',
    error: () => new SimilarityBusyError('pool'),
    status: 503,
    body: { meta: { source: 'similarity', reason: 'the similarity queue is full' }, message: MESSAGES.common.serviceUnavailable },
    headers: { 'retry-after': '5' },
  },
  {
    name: 'SimilarityTimeoutError',
    error: () => new SimilarityTimeoutError('stopped'),
    status: 503,
    body: { meta: { source: 'similarity', reason: 'stopped' }, message: MESSAGES.common.serviceUnavailable },
    headers: { 'retry-after': '5' },
  },
  {
    name: 'SafescanUnavailableError',
    error: () => new SafescanUnavailableError(networks),
    status: 503,
    body: { networks, message: MESSAGES.safescan.unavailable },
  },
  {
    name: 'DependencyUnavailableError',
    error: () => new DependencyUnavailableError('redis', 'ECONNREFUSED'),
    status: 503,
    body: { message: MESSAGES.common.serviceUnavailable, meta: { source: 'redis', reason: 'ECONNREFUSED' } },
    headers: { 'retry-after': '5' },
  },
  {
    name: 'AuditFileError',
    error: () => new AuditFileError('row 2: unclosed quote'),
    status: 400,
    body: { message: 'row 2: unclosed quote' },
  },
  {
    name: 'LabelValidationError',
    error: () => new LabelValidationError([{ row: 1, field: 'address', problem: 'not an address' }]),
    status: 400,
    body: { problems: [{ row: 1, field: 'address', problem: 'not an address' }], message: 'Invalid labels, nothing imported' },
  },
  { name: 'any other error', error: () => new Error('secret stack detail'), status: 500, body: { message: MESSAGES.common.internal } },
];

describe('error handler: the one error family', () => {
  let app: FastifyInstance;
  before(async () => {
    app = Fastify({ logger: false });
    await app.register(errorHandler);
    CASES.forEach((c, i) =>
      app.get(`/case/${i}`, async () => {
        throw c.error();
      }),
    );
    // Operation-specific words come from the route's config, not a catch in the route.
    app.get('/cyberscan', { config: { errorAnswer: scanError } }, async () => {
      throw new Error('NOT_A_TOKEN: no code');
    });
    app.get('/cyberscan-chain', { config: { errorAnswer: scanError } }, async () => {
      throw new ChainUnavailableError('rpc down');
    });
    app.get('/cyberscan-timeout', { config: { errorAnswer: scanError } }, async () => {
      throw new JobTimeoutError('k', 100);
    });
    const badRequest = () => new HttpError(400, MESSAGES.score.badRequest, { success: true, score: null });
    app.get(
      '/score',
      {
        config: {
          errorAnswer: scoreScanError(badRequest),
          unavailableBody: () => ({ success: false, score: null }),
          internalError: () => new HttpError(500, MESSAGES.common.internal, { success: false, score: null }),
        },
      },
      async (request) => {
        const kind = (request.query as { kind?: string }).kind;
        if (kind === 'token') throw new NotATokenError('no code');
        if (kind === 'dependency') throw new DependencyUnavailableError('database', 'gone');
        throw new Error('boom');
      },
    );
    await app.ready();
  });
  after(() => app.close());

  for (const [i, c] of CASES.entries()) {
    it(`${c.name} → ${c.status}`, async () => {
      const res = await app.inject({ method: 'GET', url: `/case/${i}` });
      assert.equal(res.statusCode, c.status);
      assert.deepEqual(res.json(), c.body);
      for (const [name, value] of Object.entries(c.headers ?? {})) assert.equal(res.headers[name], value, name);
      if (!c.headers?.['retry-after']) assert.equal(res.headers['retry-after'], undefined);
      assert.doesNotMatch(res.body, /stack|secret/);
    });
  }

  it('keeps the body order of every family member: fields first, then message', () => {
    const error = new AppError(400, 'internal words', { clientMessage: 'Shown', fields: { field: 'url' } });
    assert.deepEqual(Object.keys(error.body()), ['field', 'message']);
    assert.equal(error.body().message, 'Shown');
    assert.equal(error.message, 'internal words');
  });

  it("answers a scan failure in operation 3's words, from the route's config", async () => {
    const token = await app.inject({ method: 'GET', url: '/cyberscan' });
    assert.equal(token.statusCode, 400);
    assert.deepEqual(token.json(), { message: MESSAGES.cyberscan.invalidAddress });
    const chain = await app.inject({ method: 'GET', url: '/cyberscan-chain' });
    assert.equal(chain.statusCode, 503);
    assert.equal(chain.headers['retry-after'], '30');
    assert.deepEqual(chain.json(), { meta: { source: 'chain', reason: 'rpc down' }, message: MESSAGES.common.networkUnavailable });
    const timeout = await app.inject({ method: 'GET', url: '/cyberscan-timeout' });
    assert.equal(timeout.statusCode, 503);
    assert.equal(timeout.json().message, MESSAGES.common.scanTimeout);
    assert.equal(timeout.json().meta.source, 'queue');
  });

  it("answers the score operation in its own shape: 400, 503 with the route's fields, a 500 that hides internals", async () => {
    const token = await app.inject({ method: 'GET', url: '/score?kind=token' });
    assert.equal(token.statusCode, 400);
    assert.deepEqual(token.json(), { success: true, score: null, message: MESSAGES.score.badRequest });
    const dependency = await app.inject({ method: 'GET', url: '/score?kind=dependency' });
    assert.equal(dependency.statusCode, 503);
    assert.deepEqual(dependency.json(), {
      success: false,
      score: null,
      message: MESSAGES.common.serviceUnavailable,
      meta: { source: 'database', reason: 'gone' },
    });
    const internal = await app.inject({ method: 'GET', url: '/score' });
    assert.equal(internal.statusCode, 500);
    assert.deepEqual(internal.json(), { success: false, score: null, message: MESSAGES.common.internal });
  });
});
