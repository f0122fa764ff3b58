#!/usr/bin/env node
// Finds the test files and hands them to Node's own test runner (through tsx, which
// compiles TypeScript on the fly). Node 20 has no glob support in `--test`, hence this.
//   node scripts/run-tests.mjs            every *.test.ts under src/ and test/
//   node scripts/run-tests.mjs test       only the integration suite under test/
//   node scripts/run-tests.mjs src/store  any folders or files
//   node scripts/run-tests.mjs --integration
//        the integration suite: test/ plus every test that runs on the stores
//        (those calling storeKinds(), which add PostgreSQL when DATABASE_URL is set)
//        or on Redis (those reading REDIS_URL, skipped without it); test/docs-*.test.ts
//        (checks of the docs, no server or store) stay in the plain run only
//   node scripts/run-tests.mjs --e2e
//        the browser suite under test/e2e (needs Debian's chromium at /usr/bin/chromium);
//        left out of the other runs because it needs that browser
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function collect(path, out) {
  const stat = statSync(path);
  if (stat.isFile()) {
    if (path.endsWith('.test.ts')) out.push(path);
    return out;
  }
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    collect(join(path, entry), out);
  }
  return out;
}

const args = process.argv.slice(2);
const integration = args.includes('--integration');
const e2e = args.includes('--e2e');
const roots = args.filter((a) => a !== '--integration' && a !== '--e2e');
let files = (roots.length > 0 ? roots : e2e ? ['test/e2e'] : ['src', 'test']).flatMap((root) => collect(root, [])).sort();
if (!e2e && roots.length === 0) files = files.filter((f) => !f.startsWith(join('test', 'e2e')));
if (integration) {
  files = files.filter((f) => {
    const text = readFileSync(f, 'utf8');
    if (f.startsWith(join('test', 'docs-'))) return false;
    return f.startsWith('test/') || text.includes('storeKinds(') || text.includes('REDIS_URL');
  });
}
if (files.length === 0) {
  console.error('no test files found');
  process.exit(1);
}

// Tests that start the real server would each rebuild a stale dashboard bundle at start,
// all at once; building it here first (a no-op when fresh) keeps their start-up short.
const bundle = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-web.ts'], { stdio: 'inherit' });
if (bundle.status !== 0) process.exit(bundle.status ?? 1);

// --test-force-exit: a file whose tests and hooks are done ends even if something it
// started (a server, a socket) is still open, so one leaked handle cannot hold the run.
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-force-exit', '--test-reporter=spec', ...files],
  {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' },
  },
);
process.exit(result.status ?? 1);
