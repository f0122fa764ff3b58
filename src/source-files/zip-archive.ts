/**
 * One ZIP reader for every place that takes an archive of Solidity sources (the source
 * resolver's uploads, the dashboard's scans): yauzl's lazy entry loop as an async
 * iterator, and an entry reader that counts bytes as they inflate, so an entry that lies
 * about its size is stopped at the caller's limit rather than after it filled memory.
 *
 * It decides nothing about limits or messages: failures are a ZipArchiveError whose `kind`
 * each caller turns into its own error (the API and the dashboard word them differently).
 */
import yauzl, { type Entry, type ZipFile } from 'yauzl';

export type ZipFailureKind =
  /** Not a ZIP at all (yauzl could not open it). */
  | 'unreadable'
  /** An entry name is absolute, climbs out with `../`, or has forbidden characters. */
  | 'unsafe-path'
  /** The central directory is damaged past an entry. */
  | 'corrupt'
  /** An entry could not be opened for reading. */
  | 'entry-unreadable'
  /** An entry inflated past the bytes the caller allowed. */
  | 'over-limit'
  /** An entry failed while inflating (including inflating past its declared size). */
  | 'inflate-failed';

export class ZipArchiveError extends Error {
  override readonly name = 'ZipArchiveError';
  constructor(
    readonly kind: ZipFailureKind,
    /** yauzl's own words (empty for `over-limit`). */
    readonly detail: string,
    /** The entry concerned: its name, or for `unsafe-path` the offending path yauzl names. */
    readonly path: string,
    options?: ErrorOptions & { readonly limit?: number },
  ) {
    super(`${kind}${path ? ` ${path}` : ''}${detail ? `: ${detail}` : ''}`, options);
    this.limit = options?.limit ?? 0;
  }
  /** For `over-limit`: the bytes the caller allowed. */
  readonly limit: number;
}

export interface ZipArchive {
  readonly entryCount: number;
  /** Every entry in archive order, read one at a time (nothing is buffered ahead). */
  entries(): AsyncGenerator<Entry, void, undefined>;
  /** The entry's bytes; `over-limit` as soon as more than maxBytes arrive. */
  read(entry: Entry, maxBytes: number): Promise<Buffer>;
  close(): void;
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/** A symbolic link, from the Unix mode in the entry's external attributes. */
export function isSymlink(entry: Entry): boolean {
  return ((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK;
}

/** A Solidity file, not a folder and not macOS resource-fork litter. */
export function isSolPath(path: string): boolean {
  return !path.endsWith('/') && path.toLowerCase().endsWith('.sol') && !path.split('/').includes('__MACOSX');
}

export function openZipArchive(archive: Buffer, options: { readonly strictFileNames?: boolean } = {}): Promise<ZipArchive> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      archive,
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: options.strictFileNames ?? false },
      (error, zip) => {
        if (error || !zip) reject(new ZipArchiveError('unreadable', error?.message ?? 'unknown error', '', { cause: error }));
        else resolve(wrap(zip));
      },
    );
  });
}

function wrap(zip: ZipFile): ZipArchive {
  return {
    entryCount: zip.entryCount,
    async *entries() {
      for (let entry = await next(zip); entry; entry = await next(zip)) yield entry;
    },
    read: (entry, maxBytes) => read(zip, entry, maxBytes),
    close: () => zip.close(),
  };
}

/** The next entry, or undefined at the end; an unsafe name refuses the whole archive. */
function next(zip: ZipFile): Promise<Entry | undefined> {
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
      const unsafe = /absolute path|invalid relative path|invalid characters/.test(error.message);
      const path = /: (.*)$/.exec(error.message)?.[1] ?? '';
      reject(new ZipArchiveError(unsafe ? 'unsafe-path' : 'corrupt', error.message, unsafe ? path : '', { cause: error }));
    };
    zip.on('entry', onEntry);
    zip.on('end', onEnd);
    zip.on('error', onError);
    zip.readEntry();
  });
}

function read(zip: ZipFile, entry: Entry, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) {
        reject(new ZipArchiveError('entry-unreadable', error?.message ?? 'unknown error', entry.fileName, { cause: error }));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          stream.destroy();
          reject(new ZipArchiveError('over-limit', '', entry.fileName, { limit: maxBytes }));
          return;
        }
        chunks.push(chunk);
      });
      // validateEntrySizes: an entry that inflates past its declared size errors here.
      stream.on('error', (e: Error) => reject(new ZipArchiveError('inflate-failed', e.message, entry.fileName, { cause: e })));
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}
