// Issue 31, one error family: routes throw (or let propagate) and the error handler answers.
// A route that catches an error and re-maps it by class (`instanceof SomethingError`) is the
// chain the family replaced: the error should declare its status and body (src/errors/app-error.ts),
// or the route's config its own words (`errorAnswer`, src/api/plugins/error-handler.ts).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROUTES = join(import.meta.dirname);
// Qualified names too (`instanceof registry.ValidationError`).
const PATTERN = /\binstanceof\s+(?:[A-Za-z_$][\w$]*\.)*[A-Z][\w$]*Error\b/g;

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return routeFiles(path);
    return /\.tsx?$/.test(entry) && !entry.endsWith('.test.ts') ? [path] : [];
  });
}

describe('routes map no errors by class', () => {
  it('finds route files to check', () => {
    assert.ok(routeFiles(ROUTES).length > 10);
  });

  it('no file under src/api/routes/ uses `instanceof <Something>Error`', () => {
    const found: string[] = [];
    for (const file of routeFiles(ROUTES)) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (PATTERN.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
          PATTERN.lastIndex = 0;
        });
    }
    assert.deepEqual(found, [], 'throw a family member (src/errors/app-error.ts) or declare the answer in the route config');
  });
});
