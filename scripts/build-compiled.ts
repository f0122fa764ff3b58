// `npm run build` (and `prepare`, run by `npm ci`): compiles src/ into compiled/ for the
// CLI (bin/scopeward.js) unless it is already current. `--force` rebuilds anyway.
import { buildCompiled, ensureCompiled } from '../src/infra/compiled-build.ts';
import { COMPILED_DIR } from '../bin/compiled-output.js';

const started = Date.now();
const force = process.argv.includes('--force');
const built = force ? (await buildCompiled(), true) : await ensureCompiled();
process.stdout.write(
  built
    ? `sources compiled into ${COMPILED_DIR} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`
    : `compiled JavaScript in ${COMPILED_DIR} is up to date\n`,
);
