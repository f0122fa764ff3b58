/**
 * GoPlus's 16 categories against the detector registry: every category names detectors
 * and smartAudit keys that exist (each key fed by one of its detectors), and its fixtures
 * in `__fixtures__/goplus/<id>/` show it: `flag.sol` makes its detectors report exactly on
 * the annotated lines (and fills its keys), `look-alike.sol` leaves them all silent.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { GOPLUS_CATEGORIES } from './goplus-categories.ts';
import { detectors } from './detectors/index.ts';
import { readExpectations } from './detectors/fixture-annotations.ts';
import { analyzeSources } from './analyze.ts';

const dir = fileURLToPath(new URL('./__fixtures__/goplus/', import.meta.url));
const byId = new Map(detectors.map((d) => [d.meta.id, d]));

test("GoPlus's 16 categories, each once", () => {
  assert.equal(GOPLUS_CATEGORIES.length, 16);
  assert.equal(new Set(GOPLUS_CATEGORIES.map((c) => c.id)).size, 16);
  assert.equal(new Set(GOPLUS_CATEGORIES.map((c) => c.goplusField)).size, 16);
});

for (const c of GOPLUS_CATEGORIES) {
  test(`${c.id}: mapped to registered detectors; flag.sol triggers it, look-alike.sol does not`, () => {
    assert.ok(c.findings.length > 0, `${c.id} maps to no finding`);
    for (const id of c.findings) assert.ok(byId.has(id), `${c.id}: no detector ${id}`);
    for (const key of c.smartAuditKeys)
      assert.ok(
        c.findings.some((id) => byId.get(id)!.meta.smartAuditKey === key),
        `${c.id}: key ${key} is fed by none of ${c.findings.join(', ')}`,
      );
    const mapped = new Set(c.findings);

    const flagName = `goplus/${c.id}/flag.sol`;
    const flag = readFileSync(`${dir}${c.id}/flag.sol`, 'utf8');
    const expected = readExpectations(flag).filter((e) => mapped.has(e.detector));
    assert.ok(expected.length > 0, `${flagName} annotates no finding of ${c.findings.join(', ')}`);
    const result = analyzeSources({ [flagName]: flag });
    const found = result.findings.filter((f) => mapped.has(f.detector)).map((f) => `${f.detector}@${f.ranges[0]![0]}`);
    assert.deepEqual(
      [...new Set(found)].sort(),
      [...new Set(expected.map((e) => `${e.detector}@${e.line}`))].sort(),
      `${flagName}: findings of ${c.findings.join(', ')}`,
    );
    // The keys the expected detectors feed are filled.
    const flagAudit = result.smartAudit as unknown as Record<string, unknown[]>;
    for (const e of expected) {
      const key = byId.get(e.detector)!.meta.smartAuditKey;
      if (key) assert.ok(flagAudit[key]!.length > 0, `${flagName}: ${key} is not filled`);
    }

    const lookName = `goplus/${c.id}/look-alike.sol`;
    const look = analyzeSources({ [lookName]: readFileSync(`${dir}${c.id}/look-alike.sol`, 'utf8') });
    assert.deepEqual(
      look.findings.filter((f) => mapped.has(f.detector)).map((f) => `${f.detector}@${f.ranges[0]![0]}: ${f.description}`),
      [],
      `${lookName} must stay silent`,
    );
    const audit = look.smartAudit as unknown as Record<string, unknown[]>;
    for (const k of c.smartAuditKeys) assert.deepEqual(audit[k], [], `${lookName}: ${k} must stay empty`);
  });
}
