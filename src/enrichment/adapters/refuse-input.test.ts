import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ProviderError } from '../provider.ts';
import { telegramHandle } from './handles.ts';
import { parseInput } from './refuse-input.ts';

describe('parseInput', () => {
  it('passes a parsed value through', () => {
    assert.equal(
      parseInput('telegram', () => telegramHandle('@scope_ward')),
      'scope_ward',
    );
  });

  it('turns a HandleError into a refused ProviderError that keeps the sentence', () => {
    assert.throws(
      () => parseInput('telegram', () => telegramHandle('t.me/+invite123')),
      (error: unknown) =>
        error instanceof ProviderError && error.kind === 'refused' && error.provider === 'telegram' && /invite link/.test(error.message),
    );
  });

  it('lets other errors through unchanged', () => {
    const bug = new TypeError('a bug, not bad input');
    assert.throws(
      () =>
        parseInput('telegram', () => {
          throw bug;
        }),
      (error: unknown) => error === bug,
    );
  });
});
