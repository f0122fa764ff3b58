/**
 * Property-based tests over the Solidity front end (fast-check): random text and real
 * sources mutated (cut, spliced, characters flipped) never make the analysis throw; it
 * answers with findings and diagnostics. Bounded in runs so `npm test` stays quick.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { analyzeSources } from '../analyze.ts';

const FIXTURES = fileURLToPath(new URL('../__fixtures__/tokens/', import.meta.url));
const REAL = readdirSync(FIXTURES)
  .filter((f) => f.endsWith('.sol'))
  .sort()
  .map((f) => readFileSync(join(FIXTURES, f), 'utf8'));

const SOLIDITY_BITS = [
  '{',
  '}',
  '(',
  ')',
  ';',
  'function',
  'contract',
  'modifier',
  'onlyOwner',
  'require(',
  'msg.sender',
  'mapping(address => uint256)',
  '/*',
  '*/',
  '//',
  '"',
  "'",
  'unchecked {',
  'assembly {',
  'pragma solidity ^0.8.0;',
  'import "./x.sol";',
  '\u0000',
  '\uFFFF',
  '\n',
];

/** A real source with a few edits: deletions, insertions of Solidity fragments, duplicated spans. */
const mutated = fc
  .tuple(
    fc.constantFrom(...REAL),
    fc.array(fc.tuple(fc.nat(), fc.nat({ max: 400 }), fc.oneof(fc.constantFrom(...SOLIDITY_BITS), fc.string({ maxLength: 20 }))), {
      minLength: 1,
      maxLength: 6,
    }),
  )
  .map(([source, edits]) => {
    let out = source;
    for (const [at, cut, insert] of edits) {
      const i = at % (out.length + 1);
      out = out.slice(0, i) + insert + out.slice(i + cut);
    }
    return out;
  });

function analyse(sources: Record<string, string>): void {
  const result = analyzeSources(sources);
  assert.ok(Array.isArray(result.findings));
  assert.ok(Array.isArray(result.diagnostics));
  for (const f of result.findings) assert.ok(typeof f === 'object' && f !== null);
}

describe('the Solidity front end under random input', () => {
  it('never throws on random text and fragments', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 400 }),
          fc.array(fc.constantFrom(...SOLIDITY_BITS), { maxLength: 60 }).map((xs) => xs.join(' ')),
        ),
        (text) => analyse({ 'Fuzz.sol': text }),
      ),
      { numRuns: 80 },
    );
  });

  it('never throws on mutated real sources, alone or with several files', () => {
    fc.assert(
      fc.property(mutated, fc.option(mutated, { nil: undefined }), (a, b) =>
        analyse(b === undefined ? { 'A.sol': a } : { 'A.sol': a, 'B.sol': b }),
      ),
      { numRuns: 25 },
    );
  });
});
