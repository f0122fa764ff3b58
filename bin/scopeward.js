#!/usr/bin/env node
// Runs the compiled JavaScript (compiled/, built by `npm run build` and at `npm ci`) when it
// was built from the sources as they are now; otherwise the TypeScript sources through tsx,
// so a checkout with edits, or with nothing built, still runs what is in src/ (only slower
// to start). SCOPEWARD_FROM_SOURCE=1 asks for the sources whatever the state of compiled/.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { COMPILED_DIR, isCompiledCurrent } from './compiled-output.js';

if (process.env.SCOPEWARD_FROM_SOURCE !== '1' && isCompiledCurrent()) {
  await import(pathToFileURL(join(COMPILED_DIR, 'cli', 'main.js')).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
}
