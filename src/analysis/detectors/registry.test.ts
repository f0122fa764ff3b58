import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { detectors } from './index.ts';
import { fixtureFiles } from './detector-test-helper.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
/** Files in this folder that are infrastructure, not detectors. */
const INFRASTRUCTURE = new Set([
  'define-detector.ts',
  'engine.ts',
  'index.ts',
  'report-helpers.ts',
  'detector-test-helper.ts',
  'fixture-annotations.ts',
]);

test('every detector file is registered, and every registered detector has a file', () => {
  const files = readdirSync(here)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !INFRASTRUCTURE.has(f))
    .map((f) => f.slice(0, -3))
    .sort();
  assert.deepEqual(detectors.map((d) => d.meta.id).sort(), files);
});

test('detector ids are unique', () => {
  const ids = detectors.map((d) => d.meta.id);
  assert.equal(new Set(ids).size, ids.length);
});

test('every detector has a test file and at least one fixture', () => {
  for (const d of detectors) {
    assert.ok(existsSync(join(here, `${d.meta.id}.test.ts`)), `${d.meta.id} has no test`);
    assert.ok(fixtureFiles(d).length > 0, `${d.meta.id} has no fixture`);
  }
});

test('every smartAudit key is fed by a detector', async () => {
  const { SMART_AUDIT_RANGE_KEYS, SMART_AUDIT_BOOLEAN_KEYS, SMART_AUDIT_LIST_KEYS } = await import('./define-detector.ts');
  const fed = new Set(detectors.map((d) => d.meta.smartAuditKey).filter(Boolean));
  for (const key of [...SMART_AUDIT_RANGE_KEYS, ...SMART_AUDIT_BOOLEAN_KEYS, ...SMART_AUDIT_LIST_KEYS])
    assert.ok(fed.has(key), `no detector feeds ${key}`);
});
