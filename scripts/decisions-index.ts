/**
 * Regenerates the index table of docs/decisions/README.md from the decision records.
 *   node --import tsx scripts/decisions-index.ts           rewrite the index
 *   node --import tsx scripts/decisions-index.ts --check   exit 1 when the index is stale
 *   [--dir path]                                           another decisions folder (tests)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderReadme, writeIndex } from './decisions-lib.ts';

export const DEFAULT_DIR = fileURLToPath(new URL('../docs/decisions', import.meta.url));

async function main(args: readonly string[]): Promise<number> {
  const dirAt = args.indexOf('--dir');
  const dir = dirAt >= 0 ? (args[dirAt + 1] ?? DEFAULT_DIR) : DEFAULT_DIR;
  if (args.includes('--check')) {
    const readme = readFileSync(join(dir, 'README.md'), 'utf8');
    if ((await renderReadme(dir, readme)) !== readme) {
      console.error(`${join(dir, 'README.md')}: the index is stale; run node --import tsx scripts/decisions-index.ts`);
      return 1;
    }
    return 0;
  }
  const changed = await writeIndex(dir);
  console.log(changed ? 'index updated' : 'index already current');
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = await main(process.argv.slice(2));
}
