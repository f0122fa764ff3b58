/** The version in package.json, for `scopeward --version` and the SARIF tool version. */
import { readFileSync } from 'node:fs';

// Relative to this module: compiled/ keeps src/'s folder depth, so both find the same file.
const PACKAGE_JSON = new URL('../../package.json', import.meta.url);

export function packageVersion(): string {
  try {
    return (JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as { version?: string }).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}
