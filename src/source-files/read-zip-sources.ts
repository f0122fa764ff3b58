/**
 * Reads the .sol files of a ZIP archive (an upload or a file) into a path → source map.
 * Other files are ignored. Refuses unsafe paths (`../`, absolute), too many entries, and
 * stops any entry that inflates past the limits (sizes are checked as bytes arrive, not
 * only as declared; the archive reading itself is zip-archive.ts, shared with the dashboard).
 */
import { DEFAULT_SOURCE_LIMITS, type SourceLimits } from './source-limits.ts';
import { SourceInputError } from './source-input-error.ts';
import type { ReadSourcesResult } from './read-sources-result.ts';
import { isSolPath, openZipArchive, ZipArchiveError } from './zip-archive.ts';

/** The API's wording of each way an archive fails. */
function sourceError(error: unknown): unknown {
  if (!(error instanceof ZipArchiveError)) return error;
  const cause = { cause: error.cause };
  switch (error.kind) {
    case 'unreadable':
      return new SourceInputError(`not a readable ZIP archive: ${error.detail}`, {}, cause);
    case 'unsafe-path':
      return new SourceInputError(`archive refused: unsafe path (${error.detail})`, {}, cause);
    case 'corrupt':
      return new SourceInputError(`corrupt ZIP archive: ${error.detail}`, {}, cause);
    case 'entry-unreadable':
      return new SourceInputError(`cannot read ${error.path} from the archive: ${error.detail}`, {}, cause);
    case 'over-limit':
      return new SourceInputError(`${error.path} inflates past ${error.limit} bytes (a ZIP bomb?)`, { path: error.path });
    case 'inflate-failed':
      return new SourceInputError(`cannot inflate ${error.path}: ${error.detail}`, {}, cause);
  }
}

export async function readZipSources(
  archive: Buffer,
  limits: SourceLimits = DEFAULT_SOURCE_LIMITS,
  onProgress?: (files: number) => void,
): Promise<ReadSourcesResult> {
  if (archive.length > limits.maxArchiveBytes) {
    throw new SourceInputError(`archive is larger than ${limits.maxArchiveBytes} bytes`, { bytes: archive.length });
  }
  const zip = await openZipArchive(archive).catch((error: unknown) => {
    throw sourceError(error);
  });
  if (zip.entryCount > limits.maxArchiveEntries) {
    zip.close();
    throw new SourceInputError(`archive lists ${zip.entryCount} entries; at most ${limits.maxArchiveEntries} are accepted`, {
      entries: zip.entryCount,
    });
  }
  const sources = new Map<string, string>();
  const skipped: { path: string; reason: string }[] = [];
  let total = 0;
  try {
    for await (const entry of zip.entries()) {
      const name = entry.fileName;
      if (!isSolPath(name)) continue;
      if (entry.uncompressedSize > limits.maxFileBytes) {
        skipped.push({ path: name, reason: `larger than ${limits.maxFileBytes} bytes` });
        continue;
      }
      if (sources.size >= limits.maxFiles)
        throw new SourceInputError(`archive holds more than ${limits.maxFiles} .sol files`, { limit: limits.maxFiles });
      if (total + entry.uncompressedSize > limits.maxTotalBytes) {
        throw new SourceInputError(`the .sol files of the archive exceed ${limits.maxTotalBytes} bytes in total`, {
          limit: limits.maxTotalBytes,
        });
      }
      const bytes = await zip.read(entry, Math.min(limits.maxFileBytes, limits.maxTotalBytes - total));
      total += bytes.length;
      sources.set(name, bytes.toString('utf8'));
      onProgress?.(sources.size);
    }
  } catch (error) {
    throw sourceError(error);
  } finally {
    zip.close();
  }
  if (sources.size === 0) {
    throw new SourceInputError(
      skipped.length > 0
        ? 'every .sol file in the archive is over the size limit'
        : 'the archive contains no .sol file (other files are ignored)',
      { skipped },
    );
  }
  return { sources, skipped };
}
