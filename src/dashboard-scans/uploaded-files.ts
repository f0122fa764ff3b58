/**
 * Turns uploaded `.sol` files into a path → source map, or says which limit refused them.
 * Only a file's base name is kept (browsers send no folders), and equal names are told
 * apart with a suffix so no upload hides another.
 */
import { MESSAGES } from '../interface/messages.ts';
import { ScanInputError } from './scan-input-error.ts';
import { mib, type UploadLimits } from './upload-limits.ts';

const M = MESSAGES.dashboardScans;

export interface UploadedFile {
  readonly name: string;
  readonly bytes: Buffer;
}

export function baseName(name: string): string {
  const parts = name.split(/[\\/]/);
  return parts[parts.length - 1] ?? '';
}

export function sourcesFromFiles(files: readonly UploadedFile[], limits: UploadLimits): Record<string, string> {
  if (files.length === 0) throw new ScanInputError(M.filesRequired, 'files');
  if (files.length > limits.maxFiles) throw new ScanInputError(M.tooManyFiles(limits.maxFiles), 'files', 413, { limit: limits.maxFiles });
  const sources: Record<string, string> = {};
  let total = 0;
  for (const file of files) {
    const name = baseName(file.name);
    if (!name.toLowerCase().endsWith('.sol') || name.length <= 4) throw new ScanInputError(M.notSol(name || '(no name)'), 'files');
    if (file.bytes.length > limits.maxFileBytes)
      throw new ScanInputError(M.fileTooLarge(name, mib(limits.maxFileBytes)), 'files', 413, { limit: limits.maxFileBytes });
    total += file.bytes.length;
    if (total > limits.maxTotalBytes)
      throw new ScanInputError(M.totalTooLarge(mib(limits.maxTotalBytes)), 'files', 413, { limit: limits.maxTotalBytes });
    let path = name;
    for (let n = 2; path in sources; n++) path = `${name.slice(0, -4)} (${n}).sol`;
    sources[path] = file.bytes.toString('utf8');
  }
  return sources;
}
