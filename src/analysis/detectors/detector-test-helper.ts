/**
 * RuleTester-style check for one detector: analyses each fixture in
 * `__fixtures__/<id>/`, and each shared token fixture in `../__fixtures__/tokens/` that is
 * labelled for it, with only that detector, and asserts that findings start exactly on
 * the lines annotated `// @expect <id>` (count, lines and message id).
 *
 * A shared token is labelled for a detector when it expects a finding of it, or when its
 * `@labelled-for` scope covers the detector (`all`, or `smart-audit` for the detectors
 * that feed a smartAudit key): then every line it does not annotate must stay quiet.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runDetectors } from './engine.ts';
import { buildProgram } from '../solidity/build-program.ts';
import { createNodeModulesResolver } from '../../source-files/node-modules-resolver.ts';
import type { Detector } from './define-detector.ts';
import { readExpectations, readLabelScope } from './fixture-annotations.ts';

export const FIXTURES_DIR = fileURLToPath(new URL('./__fixtures__/', import.meta.url));
export const SHARED_FIXTURES_DIR = fileURLToPath(new URL('../__fixtures__/tokens/', import.meta.url));

const resolveImport = createNodeModulesResolver();

function solidityFiles(dir: string): string[] {
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.sol'))
        .sort()
        .map((f) => join(dir, f))
    : [];
}

/** The detector's own fixtures and the shared token fixtures labelled for it. */
export function fixtureFiles(detector: Pick<Detector, 'meta'>): string[] {
  const { id, smartAuditKey } = detector.meta;
  const shared = solidityFiles(SHARED_FIXTURES_DIR).filter((file) => {
    const source = readFileSync(file, 'utf8');
    const scope = readLabelScope(source);
    return (
      scope === 'all' || (scope === 'smart-audit' && smartAuditKey !== undefined) || readExpectations(source).some((e) => e.detector === id)
    );
  });
  return [...solidityFiles(join(FIXTURES_DIR, id)), ...shared];
}

/** A fixture's name in findings and messages: its path below src/analysis. */
function fixtureName(file: string): string {
  return file.startsWith(FIXTURES_DIR) ? file.slice(FIXTURES_DIR.length) : `tokens/${file.slice(SHARED_FIXTURES_DIR.length)}`;
}

export function assertDetectorFixtures(detector: Detector): void {
  const files = fixtureFiles(detector);
  assert.ok(files.length > 0, `no fixtures for ${detector.meta.id}`);
  let expectedTotal = 0;
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    const name = fixtureName(file);
    const expected = readExpectations(source).filter((e) => e.detector === detector.meta.id);
    expectedTotal += expected.length;
    const program = buildProgram(new Map([[name, source]]), { resolveImport });
    const result = runDetectors(program, [detector]);
    assert.deepEqual(result.failures, [], `${name}: detector failed`);
    const actual = result.raw.map((r) => ({ line: r.finding.ranges[0]![0], messageId: r.messageId })).sort((a, b) => a.line - b.line);
    assert.deepEqual(
      actual.map((a) => a.line),
      expected.map((e) => e.line).sort((a, b) => a - b),
      `${name}: lines flagged by ${detector.meta.id}`,
    );
    for (const e of expected) {
      if (e.messageId)
        assert.ok(
          actual.some((a) => a.line === e.line && a.messageId === e.messageId),
          `${name}:${e.line}: expected message ${e.messageId}`,
        );
    }
  }
  assert.ok(expectedTotal > 0, `${detector.meta.id}: fixtures must contain at least one expected finding`);
}
