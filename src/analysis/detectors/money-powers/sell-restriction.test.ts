import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import detector from './sell-restriction.ts';
import { assertDetectorFixtures } from '../detector-test-helper.ts';
import { analyzeSources } from '../../analyze.ts';

test('sell-restriction flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});

test("the devnet's own honeypot token, scanned as source, is a critical sell restriction", () => {
  const source = readFileSync(new URL('../../../devnet/contracts/HoneypotToken.sol', import.meta.url), 'utf8');
  const result = analyzeSources({ 'HoneypotToken.sol': source });
  const found = result.findings.filter((f) => f.detector === 'sell-restriction');
  assert.equal(found.length, 1);
  assert.equal(found[0]!.severity, 'critical');
  assert.match(found[0]!.description, /only addresses the owner approves can sell/);
});
