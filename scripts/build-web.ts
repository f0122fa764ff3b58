// `npm run build:web` (and `prepare`, run by `npm ci`): builds the dashboard into dist/web
// unless it is already up to date. `--force` rebuilds anyway.
import { buildWebBundle, ensureWebBundle, WEB_DIST } from '../src/infra/web-bundle.ts';

const started = Date.now();
const force = process.argv.includes('--force');
const built = force ? (await buildWebBundle(), true) : await ensureWebBundle();
process.stdout.write(
  built
    ? `dashboard built into ${WEB_DIST} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`
    : `dashboard in ${WEB_DIST} is up to date\n`,
);
