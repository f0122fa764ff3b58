import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import pretty from 'pino-pretty';
import { createLogger, logFormat } from './logger.ts';

describe('logger', () => {
  it('writes human-readable lines on a terminal and JSON otherwise, unless LOG_FORMAT says', () => {
    assert.equal(logFormat({}, true), 'pretty');
    assert.equal(logFormat({}, false), 'json');
    assert.equal(logFormat({ LOG_FORMAT: 'json' }, true), 'json');
    assert.equal(logFormat({ LOG_FORMAT: 'pretty' }, false), 'pretty');
  });

  it('redacts API keys in both formats', () => {
    let text = '';
    const sink = new Writable({ write: (chunk, _enc, done) => ((text += String(chunk)), done()) });
    createLogger('info', pretty({ destination: sink, colorize: false, sync: true })).info(
      { req: { headers: { 'x-api-key': 'sw_secret' } } },
      'hello',
    );
    assert.match(text, /INFO.*hello/);
    assert.doesNotMatch(text, /sw_secret/);
    assert.doesNotMatch(text, /^\{/, 'not JSON');
  });
});
