import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DetectorMetaError, defineDetector, formatMessage, validateMeta, type DetectorMeta } from './define-detector.ts';
import { detectors } from './index.ts';

const good: DetectorMeta = {
  id: 'sample-detector',
  category: 'code-quality',
  scoring: { kind: 'severity' },
  title: 'Sample',
  severity: 'low',
  confidence: 'high',
  description: 'Describes the sample.',
  exploitScenario: 'An attacker does something.',
  recommendation: 'Do not.',
  messages: { m: 'found {what}' },
};

test('all registered detectors have valid metadata', () => {
  for (const d of detectors) assert.doesNotThrow(() => validateMeta(d.meta), d.meta.id);
});

test('metadata validation rejects bad fields', () => {
  assert.throws(() => validateMeta({ ...good, description: '' }), DetectorMetaError);
  assert.throws(() => validateMeta({ ...good, severity: 'severe' as never }), /severity/);
  assert.throws(() => validateMeta({ ...good, confidence: 'sure' as never }), /confidence/);
  assert.throws(() => validateMeta({ ...good, id: 'Not_Kebab' }), /kebab/);
  assert.throws(() => validateMeta({ ...good, smartAuditKey: 'honeypot' as never }), /smartAuditKey/);
  assert.throws(() => validateMeta({ ...good, messages: {} }), /messages/);
  assert.throws(() => defineDetector({ meta: { ...good, recommendation: ' ' }, create: () => ({}) }), /recommendation/);
});

test('formatMessage fills placeholders and leaves unknown ones', () => {
  assert.equal(formatMessage('found {what} in {where}', { what: 'x' }), 'found x in {where}');
});
