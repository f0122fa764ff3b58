/**
 * Reads the .sol files of a ZIP archive (an upload or a file) into a path → source map.
 * Other files are ignored. Refuses unsafe paths (`../`, absolute), too many entries, and
 * stops any entry that inflates past the limits (sizes are checked as bytes arrive, not
 * only as declared).
 */
import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';
import { DEFAULT_SOURCE_LIMITS, type SourceLimits } from './source-limits.ts';
import { SourceInputError } from './source-input-error.ts';
import type { ReadSourcesResult } from './read-sources-result.ts';

export async function readZipSources(
  archive: Buffer,
  limits: SourceLimits = DEFAULT_SOURCE_LIMITS,
  onProgress?: (files: number) => void,
): Promise<ReadSourcesResult> {
  if (archive.length > limits.maxArchiveBytes) {
    throw new SourceInputError(`archive is larger than ${limits.maxArchiveBytes} bytes`, { bytes: archive.length });
  }
  const zip = await openZip(archive);
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
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      const name = entry.fileName;
      if (name.endsWith('/') || !name.toLowerCase().endsWith('.sol')) continue;
      if (name.split('/').some((seg) => seg === '__MACOSX')) continue;
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
      const bytes = await readEntry(zip, entry, Math.min(limits.maxFileBytes, limits.maxTotalBytes - total));
      total += bytes.length;
      sources.set(name, bytes.toString('utf8'));
      onProgress?.(sources.size);
    }
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

function openZip(archive: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(archive, { lazyEntries: true, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) reject(new SourceInputError(`not a readable ZIP archive: ${err?.message ?? 'unknown error'}`, {}, { cause: err }));
      else resolve(zip);
    });
  });
}

/** The next entry, or undefined at the end; unsafe names reject the whole archive. */
function nextEntry(zip: ZipFile): Promise<Entry | undefined> {
  return new Promise((resolve, reject) => {
    const cleanup = (): void => {
      zip.removeListener('entry', onEntry);
      zip.removeListener('end', onEnd);
      zip.removeListener('error', onError);
    };
    const onEntry = (e: Entry): void => {
      cleanup();
      resolve(e);
    };
    const onEnd = (): void => {
      cleanup();
      resolve(undefined);
    };
    const onError = (err: Error): void => {
      cleanup();
      const unsafe = /absolute path|invalid relative path|invalid characters/.test(err.message);
      reject(
        new SourceInputError(
          unsafe ? `archive refused: unsafe path (${err.message})` : `corrupt ZIP archive: ${err.message}`,
          {},
          { cause: err },
        ),
      );
    };
    zip.on('entry', onEntry);
    zip.on('end', onEnd);
    zip.on('error', onError);
    zip.readEntry();
  });
}

function readEntry(zip: ZipFile, entry: Entry, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) {
        reject(
          new SourceInputError(`cannot read ${entry.fileName} from the archive: ${err?.message ?? 'unknown error'}`, {}, { cause: err }),
        );
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          stream.destroy();
          reject(new SourceInputError(`${entry.fileName} inflates past ${maxBytes} bytes (a ZIP bomb?)`, { path: entry.fileName }));
          return;
        }
        chunks.push(chunk);
      });
      stream.on('error', (e: Error) => reject(new SourceInputError(`cannot inflate ${entry.fileName}: ${e.message}`, {}, { cause: e })));
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}
