import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { databaseConnectionFailure, DependencyUnavailableError, isConnectionError } from './dependency-error.ts';
import { errorHandler } from '../api/plugins/error-handler.ts';
import { requireRedis } from './redis.ts';
import { withDiagnostics } from '../scan/run-data-source.ts';

describe('dependency failures', () => {
  it('tells a lost connection from a failed command', () => {
    assert.equal(isConnectionError(Object.assign(new Error('x'), { code: 'ECONNRESET' })), true);
    assert.equal(isConnectionError(new Error('connect ECONNREFUSED 127.0.0.1:6379')), true);
    assert.equal(isConnectionError(new Error('Connection is closed.')), true);
    assert.equal(isConnectionError(new Error('Missing lock for job 7. moveToFinished')), false);
    assert.equal(isConnectionError(new Error('ERR unknown command')), false);
    assert.equal(isConnectionError('ECONNREFUSED'), false);
  });

  it('recognises lost database connections, not bad queries', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    assert.equal(databaseConnectionFailure(refused)?.source, 'database');
    assert.ok(databaseConnectionFailure(new Error('Connection terminated unexpectedly')));
    assert.ok(
      databaseConnectionFailure(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })),
    );
    assert.ok(databaseConnectionFailure(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })], '')));
    assert.equal(databaseConnectionFailure(Object.assign(new Error('syntax error'), { code: '42601' })), undefined);
    assert.equal(databaseConnectionFailure('nope'), undefined);
  });

  it('answers 503 naming the dependency instead of a 500', async () => {
    const app = Fastify();
    await app.register(errorHandler);
    app.get('/db', async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    });
    app.get('/redis', async () => {
      throw new DependencyUnavailableError('redis', 'not connected');
    });
    const db = await app.inject({ url: '/db' });
    assert.equal(db.statusCode, 503);
    assert.deepEqual(db.json(), {
      message: 'Service unavailable',
      meta: { source: 'database', reason: 'connect ECONNREFUSED 127.0.0.1:5432' },
    });
    const redis = await app.inject({ url: '/redis' });
    assert.equal(redis.statusCode, 503);
    assert.equal(redis.json().meta.source, 'redis');
    await app.close();
  });

  it('refuses to wait for a Redis that is not connected beyond its bound', async () => {
    // Port 1 refuses at once; lazyConnect keeps it from retrying in the background.
    const redis = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false, retryStrategy: () => null });
    redis.on('error', () => {});
    await assert.rejects(
      requireRedis(redis, 20),
      (error: unknown) => error instanceof DependencyUnavailableError && error.source === 'redis',
    );
    redis.disconnect();
  });

  it('turns analysis diagnostics into a partial source report with the reasons', () => {
    const ok = { status: 'ok' as const, durationMs: 5, fields: ['smartAudit'] };
    assert.deepEqual(withDiagnostics(ok, []), ok);
    const partial = withDiagnostics(ok, [
      { kind: 'detector-failure', message: 'mint threw', file: 'a.sol', line: 3 },
      { kind: 'parse-error', message: 'bad token' },
    ]);
    assert.equal(partial.status, 'partial');
    assert.equal(partial.reason, 'detector-failure: mint threw (a.sol:3); parse-error: bad token');
    assert.equal(withDiagnostics({ ...ok, status: 'timeout' }, [{ kind: 'input', message: 'y' }]).status, 'timeout');
  });
});
