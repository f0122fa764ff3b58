import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { RUNS_COMPILED, loaderExecArgv, moduleUrl } from './module-runtime.ts';

// The compiled side (.js names, no loader) is checked on compiled/ itself in compiled-build.test.ts.
describe('modules named at run time, from the sources', () => {
  it('keeps the TypeScript name and starts children with tsx', () => {
    assert.equal(RUNS_COMPILED, false);
    assert.equal(moduleUrl('./worker.ts', 'file:///app/src/x/pool.ts').href, 'file:///app/src/x/worker.ts');
    const [flag, loader] = loaderExecArgv();
    assert.equal(flag, '--import');
    assert.match(loader ?? '', /^file:.*\/tsx\//);
  });
});
