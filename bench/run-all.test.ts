import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { BENCHES, benchPlan } from './run-all.ts';

const here = dirname(fileURLToPath(import.meta.url));
const HELPERS = new Set(['run-all', 'stats', 'realistic-sources']);

test('every bench script in bench/ is in the list, and nothing else', () => {
  const scripts = readdirSync(here)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => f.slice(0, -3))
    .filter((name) => !HELPERS.has(name))
    .sort();
  assert.deepEqual(BENCHES.map((b) => b.name).sort(), scripts);
});

test('each quick option is one its bench reads', () => {
  for (const bench of BENCHES) {
    const text = readFileSync(join(here, `${bench.name}.ts`), 'utf8');
    for (const option of bench.quick.filter((a) => a.startsWith('--'))) {
      const name = option.slice(2);
      assert.ok(
        text.includes(`${name}: {`) || text.includes(`'${name}': {`) || text.includes(`'${option}'`) || text.includes(`argAt('${name}')`),
        `${bench.name} does not read ${option}`,
      );
    }
  }
});

test('the plan runs each bench through tsx, quick unless --full, only the ones asked for', () => {
  const quick = benchPlan({ only: ['audit-lookup'] });
  assert.deepEqual(quick, [
    { name: 'audit-lookup', args: ['--import', 'tsx', join('bench', 'audit-lookup.ts'), '--seconds', '1', '--rounds', '3'] },
  ]);
  assert.deepEqual(benchPlan({ full: true, only: ['audit-lookup'] })[0]!.args, ['--import', 'tsx', join('bench', 'audit-lookup.ts')]);
  assert.equal(benchPlan().length, BENCHES.length);
  assert.throws(() => benchPlan({ only: ['nope'] }), /unknown bench: nope/);
});

test('npm run bench points at this script', () => {
  const pkg = JSON.parse(readFileSync(join(here, '..', 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  assert.match(pkg.scripts.bench!, /bench\/run-all\.ts/);
});
