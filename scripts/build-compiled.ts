// `npm run build` (and `prepare`, run by `npm ci`): compiles src/ into compiled/ for the
// CLI (bin/scopeward.js) unless it is already current. `--force` rebuilds anyway.
import { createRequire } from 'node:module';
import { COMPILED_DIR } from '../bin/compiled-output.js';

try {
  createRequire(import.meta.url).resolve('typescript/bin/tsc');
} catch {
  // An install without dev dependencies (`npm ci --omit=dev`) has no compiler: the CLI
  // then runs the sources through tsx, as it does whenever compiled/ is not current.
  process.stdout.write('typescript is not installed: nothing compiled; the CLI runs the TypeScript sources through tsx\n');
  process.exit(0);
}
const { buildCompiled, ensureCompiled } = await import('../src/infra/compiled-build.ts');
const started = Date.now();
const force = process.argv.includes('--force');
const built = force ? (await buildCompiled(), true) : await ensureCompiled();
process.stdout.write(
  built
    ? `sources compiled into ${COMPILED_DIR} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`
    : `compiled JavaScript in ${COMPILED_DIR} is up to date\n`,
);
