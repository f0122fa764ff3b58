import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createDependencyWarnings } from './dependency-warnings.ts';

function recorder() {
  const lines: Array<{ level: string; fields: Record<string, unknown>; message: string }> = [];
  return {
    lines,
    log: {
      warn: (fields: object, message: string) => lines.push({ level: 'warn', fields: fields as Record<string, unknown>, message }),
      info: (fields: object, message: string) => lines.push({ level: 'info', fields: fields as Record<string, unknown>, message }),
    },
  };
}

describe('dependency warnings', () => {
  it('logs one line per dependency per interval, with the count of the ones held back', () => {
    let clock = 0;
    const { lines, log } = recorder();
    const warnings = createDependencyWarnings({ log, intervalMs: 1000, now: () => clock });
    for (let i = 0; i < 10; i++) {
      warnings.failed('redis', new Error('connect ECONNREFUSED 127.0.0.1:1'));
      clock += 50;
    }
    warnings.failed('database', new Error('Connection terminated'));
    assert.deepEqual(
      lines.map((l) => l.message),
      ['redis unavailable', 'database unavailable'],
    );
    clock = 1000;
    warnings.failed('redis', new Error('connect ECONNREFUSED 127.0.0.1:1'));
    assert.equal(lines.length, 3);
    assert.equal(lines[2]!.message, 'redis still unavailable');
    assert.equal(lines[2]!.fields.suppressed, 9);
    assert.equal(lines[2]!.fields.downForMs, 1000);
  });

  it('says once that a dependency is back, and forgets its failure', () => {
    let clock = 0;
    const { lines, log } = recorder();
    const warnings = createDependencyWarnings({ log, intervalMs: 1000, now: () => clock });
    warnings.recovered('redis');
    assert.equal(lines.length, 0, 'nothing to say about a dependency that never failed');
    warnings.failed('redis', new AggregateError([new Error('connect ECONNREFUSED ::1:6379')]));
    warnings.failed('redis', new Error('again'));
    assert.equal(warnings.lastFailure('redis'), 'again');
    clock = 300;
    warnings.recovered('redis');
    warnings.recovered('redis');
    assert.deepEqual(
      lines.map((l) => [l.level, l.message]),
      [
        ['warn', 'redis unavailable'],
        ['info', 'redis available again'],
      ],
    );
    assert.equal(lines[0]!.fields.err, 'connect ECONNREFUSED ::1:6379');
    assert.deepEqual(lines[1]!.fields, { dependency: 'redis', suppressed: 1, downForMs: 300 });
    assert.equal(warnings.lastFailure('redis'), undefined);
  });
});
