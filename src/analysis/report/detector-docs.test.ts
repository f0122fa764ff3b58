import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { detectors } from '../detectors/index.ts';
import { renderDetectorDocs } from './detector-docs.ts';

test("docs/detectors.md is up to date with the detectors' metadata", () => {
  const path = fileURLToPath(new URL('../../../docs/detectors.md', import.meta.url));
  const expected = renderDetectorDocs(detectors.map((d) => d.meta));
  assert.equal(readFileSync(path, 'utf8'), expected, 'run: node --import tsx scripts/generate-detector-docs.ts');
});

test('every detector has a section', () => {
  const doc = renderDetectorDocs(detectors.map((d) => d.meta));
  for (const d of detectors) assert.ok(doc.includes(`## ${d.meta.id}\n`), d.meta.id);
});
