/**
 * Reads the `.sol` files of a ZIP (an upload or a repository archive) into a path →
 * source map, refusing hostile archives before they cost memory: too large, too many
 * entries, unsafe paths (`../`, absolute) and links (yauzl validates names; links are
 * refused here from the entry's Unix mode), entries that inflate more than the ratio
 * allows or more than they declared (sizes are counted as bytes arrive).
 * Other files are ignored, as the spec's UI item 3 says.
 */
import { MESSAGES } from '../interface/messages.ts';
import { isSolPath, isSymlink, openZipArchive, ZipArchiveError } from '../source-files/zip-archive.ts';
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

/** The dashboard's wording of each way an archive fails (the shared reader only names the kind). */
function scanError(error: unknown, field: ScanInputField): unknown {
  if (!(error instanceof ZipArchiveError)) return error;
  switch (error.kind) {
    case 'unsafe-path':
      return new ScanInputError(M.zipUnsafePath(error.path), field);
    case 'over-limit':
    case 'inflate-failed':
      return new ScanInputError(M.zipBomb, field, 413);
    default:
      return new ScanInputError(M.zipUnreadable, field);
  }
}

export async function readSolZip(archive: Buffer, limits: UploadLimits, options: ReadSolZipOptions): Promise<SolZipContent> {
  const { field } = options;
  if (archive.length > limits.maxArchiveBytes)
    throw new ScanInputError(M.zipTooLarge(mib(limits.maxArchiveBytes)), field, 413, { limit: limits.maxArchiveBytes });
  const zip = await openZipArchive(archive, { strictFileNames: true }).catch((error: unknown) => {
    throw scanError(error, field);
  });
  try {
    if (zip.entryCount > limits.maxArchiveEntries)
      throw new ScanInputError(M.zipTooManyEntries(limits.maxArchiveEntries), field, 413, { limit: limits.maxArchiveEntries });
    const sources: Record<string, string> = {};
    let count = 0;
    let total = 0;
    let ignored = 0;
    const folder = normaliseFolder(options.folder);
    for await (const entry of zip.entries()) {
      if (isSymlink(entry)) throw new ScanInputError(M.zipUnsafePath(entry.fileName), field);
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
      if ((folder && !path.startsWith(folder)) || !isSolPath(path)) {
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
      const bytes = await zip.read(entry, Math.min(entry.uncompressedSize, limits.maxTotalBytes - total));
      total += bytes.length;
      sources[path] = bytes.toString('utf8');
    }
    if (count === 0) throw new ScanInputError(options.noSolMessage ?? M.zipNoSol, field);
    return { sources, ignoredEntries: ignored };
  } catch (error) {
    throw scanError(error, field);
  } finally {
    zip.close();
  }
}

function normaliseFolder(folder: string | null | undefined): string | null {
  const trimmed = (folder ?? '').replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? null : `${trimmed}/`;
}
