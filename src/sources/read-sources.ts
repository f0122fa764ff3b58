/**
 * Reads what the user points at — a .sol file, a folder, or a .zip — into a
 * path → source map for `analyzeSources`, within {@link SourceLimits}. Paths in the map
 * are relative to the folder (or the file's name), with `/` separators.
 */
import { lstat, readdir, readFile } from 'node:fs/promises';
import { basename, join, relative, sep } from 'node:path';
import { DEFAULT_SOURCE_LIMITS, type SourceLimits } from './source-limits.ts';
import { SourceInputError } from './source-input-error.ts';
import { readZipSources } from './read-zip-sources.ts';
import type { ReadSourcesResult } from './read-sources-result.ts';

/** Folders never descended into: dependencies and tool state, not the user's code. */
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', 'cache', 'artifacts', 'out', 'typechain-types']);

export async function readSources(
  target: string,
  limits: SourceLimits = DEFAULT_SOURCE_LIMITS,
  onProgress?: (files: number) => void,
): Promise<ReadSourcesResult> {
  const st = await lstat(target).catch((cause: unknown) => {
    throw new SourceInputError(`cannot read ${target}: no such file or folder`, { target }, { cause });
  });
  if (st.isDirectory()) return readFolderSources(target, limits, onProgress);
  if (!st.isFile()) throw new SourceInputError(`${target} is not a file or a folder`, { target });
  if (target.toLowerCase().endsWith('.zip')) {
    if (st.size > limits.maxArchiveBytes)
      throw new SourceInputError(`archive is larger than ${limits.maxArchiveBytes} bytes`, { bytes: st.size });
    return readZipSources(await readFile(target), limits, onProgress);
  }
  if (st.size > limits.maxFileBytes) {
    throw new SourceInputError(`${target} is ${st.size} bytes; the limit for one file is ${limits.maxFileBytes} bytes`, { bytes: st.size });
  }
  const source = await readFile(target, 'utf8');
  return { sources: new Map([[basename(target), source]]), skipped: [] };
}

async function readFolderSources(root: string, limits: SourceLimits, onProgress?: (files: number) => void): Promise<ReadSourcesResult> {
  const sources = new Map<string, string>();
  const skipped: { path: string; reason: string }[] = [];
  let total = 0;
  const stack = [root];
  while (stack.length > 0) {
    const dir = stack.pop()!;
    const entries = await readdir(dir, { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? 1 : -1));
    for (const e of entries) {
      const full = join(dir, e.name);
      // Symbolic links are not followed: they could leave the folder or loop.
      if (e.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(e.name) && !e.name.startsWith('.')) stack.push(full);
        continue;
      }
      if (!e.isFile() || !e.name.toLowerCase().endsWith('.sol')) continue;
      const rel = relative(root, full).split(sep).join('/');
      const st = await lstat(full);
      if (st.size > limits.maxFileBytes) {
        skipped.push({ path: rel, reason: `larger than ${limits.maxFileBytes} bytes` });
        continue;
      }
      if (sources.size >= limits.maxFiles)
        throw new SourceInputError(`folder holds more than ${limits.maxFiles} .sol files`, { limit: limits.maxFiles });
      if (total + st.size > limits.maxTotalBytes)
        throw new SourceInputError(`the .sol files exceed ${limits.maxTotalBytes} bytes in total`, { limit: limits.maxTotalBytes });
      total += st.size;
      sources.set(rel, await readFile(full, 'utf8'));
      onProgress?.(sources.size);
    }
  }
  if (sources.size === 0) {
    throw new SourceInputError(
      skipped.length > 0 ? 'every .sol file in the folder is over the size limit' : `no .sol file found in ${root}`,
      { skipped },
    );
  }
  return { sources: new Map([...sources.entries()].sort(([a], [b]) => (a < b ? -1 : 1))), skipped };
}
