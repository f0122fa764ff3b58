/**
 * Table-driven check of every registered detector on every fixture labelled for it: each
 * report names a message id the detector declares, fills every `{placeholder}` of its
 * template, and no detector fails. A detector reporting an unknown id or forgetting a
 * data field fails here, whatever its own test asserts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { detectors } from './index.ts';
import { fixtureFiles } from './detector-test-helper.ts';
import { runDetectors } from './engine.ts';
import { buildProgram } from '../solidity/build-program.ts';
import { createNodeModulesResolver } from '../../source-files/node-modules-resolver.ts';

const resolveImport = createNodeModulesResolver();

for (const detector of detectors) {
  test(`${detector.meta.id}: known message ids, every placeholder filled`, () => {
    const declared = Object.keys(detector.meta.messages);
    for (const file of fixtureFiles(detector)) {
      const program = buildProgram(new Map([[file, readFileSync(file, 'utf8')]]), { resolveImport });
      const result = runDetectors(program, [detector]);
      assert.deepEqual(result.failures, [], `${file}: detector failed (an unknown message id throws)`);
      for (const r of result.raw) {
        assert.ok(declared.includes(r.messageId), `${file}: message id ${r.messageId} is not declared`);
        assert.doesNotMatch(r.finding.description, /\{\w+\}/, `${file}: unfilled placeholder in "${r.finding.description}"`);
        for (const range of r.finding.ranges) assert.ok(range[0] >= 1 && range[1] >= range[0], `${file}: bad range ${range.join('-')}`);
      }
    }
  });
}

test('unknown message ids and unfilled placeholders are caught', async () => {
  const { defineDetector } = await import('./define-detector.ts');
  const bad = defineDetector({
    meta: { ...detectors[0]!.meta, id: 'probe', messages: { known: 'x {a} {b}' } },
    create: (ctx) => ({
      contract(a) {
        ctx.report({ unit: a.contract.unit, node: a.contract.node, messageId: 'unknown' });
      },
    }),
  });
  const [fixture] = fixtureFiles(detectors.find((d) => d.meta.id === 'reentrancy')!);
  const result = runDetectors(buildProgram(new Map([['f.sol', readFileSync(fixture!, 'utf8')]]), { resolveImport }), [bad]);
  assert.match(result.failures[0]?.message ?? '', /unknown messageId/);
});
