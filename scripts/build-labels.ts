/**
 * Rebuilds the shipped seed label files under src/labels/seed/ from their sources (see
 * src/labels/build-seeds.ts for what each file is built from). `--check` writes nothing
 * and fails when a committed file differs from what its sources build.
 *
 * Usage: node --import tsx scripts/build-labels.ts [--check] [--sdn FILE --retrieved YYYY-MM-DD]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildSeeds, seedText } from '../src/labels/build-seeds.ts';
import { SEED_DIR } from '../src/labels/seed-labels.ts';

const { values } = parseArgs({
  options: { sdn: { type: 'string' }, retrieved: { type: 'string' }, check: { type: 'boolean', default: false } },
});

const stale: string[] = [];
for (const [name, file] of buildSeeds({ sdnFile: values.sdn, retrieved: values.retrieved })) {
  const path = join(SEED_DIR, name);
  const text = seedText(file);
  if (values.check) {
    let committed = '';
    try {
      committed = readFileSync(path, 'utf8');
    } catch {
      // missing: reported as stale below
    }
    if (committed !== text) stale.push(name);
    continue;
  }
  writeFileSync(path, text);
  process.stdout.write(`wrote src/labels/seed/${name}: ${file.labels.length} labels\n`);
}
if (stale.length > 0) {
  process.stderr.write(`out of date with their sources: ${stale.join(', ')} (run scripts/build-labels.ts)\n`);
  process.exitCode = 1;
} else if (values.check) process.stdout.write('every seed file matches its sources\n');
