/**
 * Reads the `.sol` files of a ZIP (an upload or a repository archive) into a path →
 * source map, refusing hostile archives before they cost memory: too large, too many
 * entries, unsafe paths (`../`, absolute) and links (yauzl validates names; links are
 * refused here from the entry's Unix mode), entries that inflate more than the ratio
 * allows or more than they declared (sizes are counted as bytes arrive).
 * Other files are ignored, as the spec's UI item 3 says.
 */
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { MESSAGES } from '../spec/messages.ts';
import { ScanInputError, type ScanInputField } from './scan-input-error.ts';
import { mib, type UploadLimits } from './upload-limits.ts';

const M = MESSAGES.dashboardScans;

export interface ReadSolZipOptions {
  readonly field: ScanInputField;
  /** Drop the archive's single top folder (code hosts wrap a repository in `repo-ref/`). */
  readonly stripTopFolder?: boolean;
  /** Keep only files under this folder (a repository URL naming a folder). */
  readonly folder?: string | null;
  /** The message when no `.sol` file is found. */
  readonly noSolMessage?: string;
}

export interface SolZipContent {
  readonly sources: Record<string, string>;
  /** Entries left out (other file types are not listed: they are ignored by design). */
  readonly ignoredEntries: number;
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

export async function readSolZip(archive: Buffer, limits: UploadLimits, options: ReadSolZipOptions): Promise<SolZipContent> {
  const { field } = options;
  if (archive.length > limits.maxArchiveBytes)
    throw new ScanInputError(M.zipTooLarge(mib(limits.maxArchiveBytes)), field, 413, { limit: limits.maxArchiveBytes });
  const zip = await open(archive, field);
  try {
    if (zip.entryCount > limits.maxArchiveEntries)
      throw new ScanInputError(M.zipTooManyEntries(limits.maxArchiveEntries), field, 413, { limit: limits.maxArchiveEntries });
    const sources: Record<string, string> = {};
    let count = 0;
    let total = 0;
    let ignored = 0;
    const folder = normaliseFolder(options.folder);
    for (let entry = await next(zip, field); entry; entry = await next(zip, field)) {
      const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
      if (mode === S_IFLNK) throw new ScanInputError(M.zipUnsafePath(entry.fileName), field);
      if (entry.fileName.endsWith('/')) continue;
      let path = entry.fileName;
      if (options.stripTopFolder) {
        const slash = path.indexOf('/');
        if (slash < 0) {
          ignored++;
          continue;
        }
        path = path.slice(slash + 1);
      }
      if (folder && !path.startsWith(folder)) {
        ignored++;
        continue;
      }
      if (!path.toLowerCase().endsWith('.sol') || path.split('/').includes('__MACOSX')) {
        ignored++;
        continue;
      }
      if (entry.uncompressedSize > limits.maxFileBytes)
        throw new ScanInputError(M.fileTooLarge(path, mib(limits.maxFileBytes)), field, 413, { limit: limits.maxFileBytes });
      if (entry.compressedSize > 0 && entry.uncompressedSize / entry.compressedSize > limits.maxInflateRatio)
        throw new ScanInputError(M.zipBomb, field, 413, { limit: limits.maxInflateRatio });
      if (++count > limits.maxFiles) throw new ScanInputError(M.tooManyFiles(limits.maxFiles), field, 413, { limit: limits.maxFiles });
      if (total + entry.uncompressedSize > limits.maxTotalBytes)
        throw new ScanInputError(M.totalTooLarge(mib(limits.maxTotalBytes)), field, 413, { limit: limits.maxTotalBytes });
      const bytes = await read(zip, entry, field, Math.min(entry.uncompressedSize, limits.maxTotalBytes - total));
      total += bytes.length;
      sources[path] = bytes.toString('utf8');
    }
    if (count === 0) throw new ScanInputError(options.noSolMessage ?? M.zipNoSol, field);
    return { sources, ignoredEntries: ignored };
  } finally {
    zip.close();
  }
}

function normaliseFolder(folder: string | null | undefined): string | null {
  const trimmed = (folder ?? '').replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? null : `${trimmed}/`;
}

function open(archive: Buffer, field: ScanInputField): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(archive, { lazyEntries: true, validateEntrySizes: true, strictFileNames: true }, (error, zip) => {
      if (error || !zip) reject(new ScanInputError(M.zipUnreadable, field));
      else resolve(zip);
    });
  });
}

/** The next entry, or undefined at the end; an unsafe name refuses the whole archive. */
function next(zip: ZipFile, field: ScanInputField): Promise<Entry | undefined> {
  return new Promise((resolve, reject) => {
    const done = (): void => {
      zip.removeListener('entry', onEntry);
      zip.removeListener('end', onEnd);
      zip.removeListener('error', onError);
    };
    const onEntry = (entry: Entry): void => {
      done();
      resolve(entry);
    };
    const onEnd = (): void => {
      done();
      resolve(undefined);
    };
    const onError = (error: Error): void => {
      done();
      // yauzl names the offending path in its message: "invalid relative path: ../x.sol".
      const unsafe = /absolute path|invalid relative path|invalid characters/.exec(error.message);
      const name = /: (.*)$/.exec(error.message)?.[1] ?? '';
      reject(new ScanInputError(unsafe ? M.zipUnsafePath(name) : M.zipUnreadable, field));
    };
    zip.on('entry', onEntry);
    zip.on('end', onEnd);
    zip.on('error', onError);
    zip.readEntry();
  });
}

function read(zip: ZipFile, entry: Entry, field: ScanInputField, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) {
        reject(new ScanInputError(M.zipUnreadable, field));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          stream.destroy();
          reject(new ScanInputError(M.zipBomb, field, 413));
          return;
        }
        chunks.push(chunk);
      });
      // validateEntrySizes: an entry that inflates past its declared size errors here.
      stream.on('error', () => reject(new ScanInputError(M.zipBomb, field, 413)));
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}
