import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { detectors } from './index.ts';
import { fixtureFiles } from './detector-test-helper.ts';
import { DETECTOR_CATEGORIES } from './define-detector.ts';

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

/** Detector files by category folder: `<category>/<id>.ts`. */
function detectorFiles(): { category: string; id: string }[] {
  const out: { category: string; id: string }[] = [];
  for (const entry of readdirSync(here, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('__')) continue;
    for (const f of readdirSync(join(here, entry.name)))
      if (f.endsWith('.ts') && !f.endsWith('.test.ts')) out.push({ category: entry.name, id: f.slice(0, -3) });
  }
  return out;
}

test('this folder holds only infrastructure; detectors live in category folders', () => {
  const loose = readdirSync(here).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !INFRASTRUCTURE.has(f));
  assert.deepEqual(loose, []);
  assert.deepEqual(
    readdirSync(here, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !e.name.startsWith('__'))
      .map((e) => e.name)
      .sort(),
    [...DETECTOR_CATEGORIES].sort(),
  );
});

test('every detector file is registered, in the folder of its category, and every registered detector has a file', () => {
  const files = detectorFiles();
  assert.deepEqual(detectors.map((d) => d.meta.id).sort(), files.map((f) => f.id).sort());
  for (const d of detectors) assert.equal(files.find((f) => f.id === d.meta.id)?.category, d.meta.category, d.meta.id);
});

test('detector ids are unique', () => {
  const ids = detectors.map((d) => d.meta.id);
  assert.equal(new Set(ids).size, ids.length);
});

test('every detector has a test file and at least one fixture', () => {
  for (const d of detectors) {
    assert.ok(existsSync(join(here, d.meta.category, `${d.meta.id}.test.ts`)), `${d.meta.id} has no test`);
    assert.ok(fixtureFiles(d).length > 0, `${d.meta.id} has no fixture`);
  }
});

test('every smartAudit key is fed by a detector', async () => {
  const { SMART_AUDIT_RANGE_KEYS, SMART_AUDIT_BOOLEAN_KEYS, SMART_AUDIT_LIST_KEYS } = await import('./define-detector.ts');
  const fed = new Set(detectors.map((d) => d.meta.smartAuditKey).filter(Boolean));
  for (const key of [...SMART_AUDIT_RANGE_KEYS, ...SMART_AUDIT_BOOLEAN_KEYS, ...SMART_AUDIT_LIST_KEYS])
    assert.ok(fed.has(key), `no detector feeds ${key}`);
});
