import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { analyzeSources } from './analyze.ts';
import { detectors } from './detectors/index.ts';
import { SMART_AUDIT_BOOLEAN_KEYS } from './detectors/define-detector.ts';
import { readExpectations } from './detectors/fixture-annotations.ts';
import type { SmartAudit, SmartAuditRange } from './report/smart-audit.ts';
import { createNodeModulesResolver } from '../source-files/node-modules-resolver.ts';

const dir = fileURLToPath(new URL('./__fixtures__/tokens/', import.meta.url));
const resolveImport = createNodeModulesResolver();
const booleans = new Set<string>(SMART_AUDIT_BOOLEAN_KEYS);

// The token corpus is labelled for every smartAudit key: each key must match exactly.
for (const name of readdirSync(dir)
  .filter((f) => f.endsWith('.sol'))
  .sort()) {
  test(`smartAudit of ${name} matches its labels`, () => {
    const source = readFileSync(join(dir, name), 'utf8');
    const audit = analyzeSources({ [name]: source }, { resolveImport }).smartAudit;
    const expectations = readExpectations(source);
    for (const d of detectors) {
      const key = d.meta.smartAuditKey;
      if (!key) continue;
      const lines = expectations
        .filter((e) => e.detector === d.meta.id)
        .map((e) => e.line)
        .sort((a, b) => a - b);
      const value = audit[key as keyof SmartAudit];
      if (booleans.has(key)) assert.equal(value, lines.length > 0, `${name}: ${key}`);
      else
        assert.deepEqual(
          (value as SmartAuditRange[]).map((r) => r.range[0]).sort((a, b) => a - b),
          lines,
          `${name}: ${key}`,
        );
    }
  });
}
