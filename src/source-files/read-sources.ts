/**
 * Reads what the user points at — a .sol file, a folder, or a .zip — into a
 * path → source map for `analyzeSources`, within {@link SourceLimits}. Paths in the map
 * are relative to the folder (or the file's name), with `/` separators.
 */
import type { Dirent } from 'node:fs';
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
  io?: FolderIo,
): Promise<ReadSourcesResult> {
  const st = await lstat(target).catch((cause: unknown) => {
    throw new SourceInputError(`cannot read ${target}: no such file or folder`, { target }, { cause });
  });
  if (st.isDirectory()) return readFolderSources(target, limits, onProgress, io);
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

/** How the folder reader reaches the file system (tests count its calls). */
export interface FolderIo {
  readonly readdir: (dir: string) => Promise<Dirent[]>;
  readonly lstat: (path: string) => Promise<{ size: number }>;
  readonly readFile: (path: string) => Promise<string>;
}

const NODE_FOLDER_IO: FolderIo = {
  readdir: (dir) => readdir(dir, { withFileTypes: true }),
  lstat: (path) => lstat(path),
  readFile: (path) => readFile(path, 'utf8'),
};

/**
 * Files of one folder read at once: each read is a round trip to libuv's pool, and one
 * at a time a folder of a few hundred files waited ~0.2 s for them (the scan's CPU idle).
 */
export const CONCURRENT_READS = 16;

/** `fn` over `items`, at most `limit` at once; answers in the items' order, the first failure in that order thrown. */
async function inOrder<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const settled: PromiseSettledResult<R>[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < items.length; i = next++) {
      try {
        settled[i] = { status: 'fulfilled', value: await fn(items[i]!) };
      } catch (reason) {
        settled[i] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return settled.map((r) => {
    if (r.status === 'rejected') throw r.reason;
    return r.value;
  });
}

async function readFolderSources(
  root: string,
  limits: SourceLimits,
  onProgress?: (files: number) => void,
  io: FolderIo = NODE_FOLDER_IO,
): Promise<ReadSourcesResult> {
  const sources = new Map<string, string>();
  const skipped: { path: string; reason: string }[] = [];
  let total = 0;
  const stack = [root];
  while (stack.length > 0) {
    const dir = stack.pop()!;
    const entries = await io.readdir(dir);
    entries.sort((a, b) => (a.name < b.name ? 1 : -1));
    const files: string[] = [];
    for (const e of entries) {
      const full = join(dir, e.name);
      // Symbolic links are not followed: they could leave the folder or loop.
      if (e.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(e.name) && !e.name.startsWith('.')) stack.push(full);
        continue;
      }
      if (!e.isFile() || !e.name.toLowerCase().endsWith('.sol')) continue;
      files.push(full);
    }
    // Sizes, then the limits decided in the folder's order as before, then the reads:
    // each step's calls at once, its answers and its first failure taken in order.
    const sizes = await inOrder(files, CONCURRENT_READS, async (full) => (await io.lstat(full)).size);
    const toRead: { rel: string; full: string }[] = [];
    files.forEach((full, i) => {
      const rel = relative(root, full).split(sep).join('/');
      const size = sizes[i]!;
      if (size > limits.maxFileBytes) {
        skipped.push({ path: rel, reason: `larger than ${limits.maxFileBytes} bytes` });
        return;
      }
      if (sources.size + toRead.length >= limits.maxFiles)
        throw new SourceInputError(`folder holds more than ${limits.maxFiles} .sol files`, { limit: limits.maxFiles });
      if (total + size > limits.maxTotalBytes)
        throw new SourceInputError(`the .sol files exceed ${limits.maxTotalBytes} bytes in total`, { limit: limits.maxTotalBytes });
      total += size;
      toRead.push({ rel, full });
    });
    const texts = await inOrder(toRead, CONCURRENT_READS, (f) => io.readFile(f.full));
    toRead.forEach((f, i) => {
      sources.set(f.rel, texts[i]!);
      onProgress?.(sources.size);
    });
  }
  if (sources.size === 0) {
    throw new SourceInputError(
      skipped.length > 0 ? 'every .sol file in the folder is over the size limit' : `no .sol file found in ${root}`,
      { skipped },
    );
  }
  return { sources: new Map([...sources.entries()].sort(([a], [b]) => (a < b ? -1 : 1))), skipped };
}
