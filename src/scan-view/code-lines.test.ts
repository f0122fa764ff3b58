import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { highlightLines, linesInRanges } from './code-lines.ts';

describe('highlightLines', () => {
  it('keeps every character, one entry per line, and marks Solidity keywords', () => {
    const source = 'pragma solidity ^0.8.0;\n/* a\n   b */\ncontract T {\r\n  uint256 x = 1; // one\n}\n';
    const lines = highlightLines(source);
    assert.equal(lines.length, source.split(/\r\n|\n/).length);
    assert.deepEqual(
      lines.map((line) => line.map((t) => t.text).join('')),
      source.split(/\r\n|\n/),
    );
    assert.ok(lines[3]!.some((t) => t.text === 'contract' && t.types.includes('keyword')));
    // A comment over two lines is a comment on both.
    assert.ok(lines[1]!.every((t) => t.types.includes('comment')));
    assert.ok(lines[2]!.every((t) => t.types.includes('comment')));
    assert.ok(lines[4]!.some((t) => t.types.includes('comment') && t.text === '// one'));
  });

  it('an empty file is one empty line', () => {
    assert.deepEqual(highlightLines(''), [[]]);
  });
});

describe('linesInRanges', () => {
  it('covers every line of every range, inclusive', () => {
    assert.deepEqual(
      [
        ...linesInRanges([
          [3, 5],
          [9, 9],
          [4, 6],
          [12, 11],
        ]),
      ].sort((a, b) => a - b),
      [3, 4, 5, 6, 9, 12],
    );
  });
});
