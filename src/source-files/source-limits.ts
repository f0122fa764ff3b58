/** Bounds on what a scan reads, so hostile input cannot exhaust memory or time. */
export interface SourceLimits {
  /** Largest single .sol file, in bytes (larger files are skipped with a reason). */
  readonly maxFileBytes: number;
  /** Largest total of .sol bytes read. */
  readonly maxTotalBytes: number;
  /** Most .sol files read. */
  readonly maxFiles: number;
  /** Most entries a ZIP may list (ZIP bombs list millions). */
  readonly maxArchiveEntries: number;
  /** Largest ZIP archive, in bytes. */
  readonly maxArchiveBytes: number;
}

export const DEFAULT_SOURCE_LIMITS: SourceLimits = {
  maxFileBytes: 4 * 1024 * 1024,
  maxTotalBytes: 32 * 1024 * 1024,
  maxFiles: 5000,
  maxArchiveEntries: 20000,
  maxArchiveBytes: 64 * 1024 * 1024,
};
