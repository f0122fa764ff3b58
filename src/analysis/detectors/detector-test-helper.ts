/**
 * RuleTester-style check for one detector: analyses each fixture in
 * `__fixtures__/<id>/` with only that detector and asserts that findings start exactly
 * on the lines annotated `// @expect <id>` (count, lines and message id).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runDetectors } from './engine.ts';
import { buildProgram } from '../solidity/build-program.ts';
import { createNodeModulesResolver } from '../../sources/node-modules-resolver.ts';
import type { Detector } from './define-detector.ts';
import { readExpectations } from './fixture-annotations.ts';

export const FIXTURES_DIR = fileURLToPath(new URL('./__fixtures__/', import.meta.url));

const resolveImport = createNodeModulesResolver();

export function fixtureFiles(id: string): string[] {
  return readdirSync(join(FIXTURES_DIR, id)).filter((f) => f.endsWith('.sol')).sort().map((f) => join(FIXTURES_DIR, id, f));
}

export function assertDetectorFixtures(detector: Detector): void {
  const files = fixtureFiles(detector.meta.id);
  assert.ok(files.length > 0, `no fixtures for ${detector.meta.id}`);
  let expectedTotal = 0;
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    const name = file.slice(FIXTURES_DIR.length);
    const expected = readExpectations(source).filter((e) => e.detector === detector.meta.id);
    expectedTotal += expected.length;
    const program = buildProgram(new Map([[name, source]]), { resolveImport });
    const result = runDetectors(program, [detector]);
    assert.deepEqual(result.failures, [], `${name}: detector failed`);
    const actual = result.raw.map((r) => ({ line: r.finding.ranges[0]![0], messageId: r.messageId })).sort((a, b) => a.line - b.line);
    assert.deepEqual(actual.map((a) => a.line), expected.map((e) => e.line).sort((a, b) => a - b), `${name}: lines flagged by ${detector.meta.id}`);
    for (const e of expected) {
      if (e.messageId) assert.ok(actual.some((a) => a.line === e.line && a.messageId === e.messageId), `${name}:${e.line}: expected message ${e.messageId}`);
    }
  }
  assert.ok(expectedTotal > 0, `${detector.meta.id}: fixtures must contain at least one expected finding`);
}

