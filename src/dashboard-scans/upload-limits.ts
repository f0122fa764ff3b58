/** Bounds on what the dashboard accepts as an upload (docs/dashboard-scans-api.md). */
export interface UploadLimits {
  readonly maxFiles: number;
  readonly maxFileBytes: number;
  readonly maxTotalBytes: number;
  readonly maxArchiveBytes: number;
  readonly maxArchiveEntries: number;
  /** Largest uncompressed/compressed ratio of an entry: past it, a ZIP bomb. */
  readonly maxInflateRatio: number;
}

const MiB = 1024 * 1024;

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  maxFiles: 50,
  maxFileBytes: 1 * MiB,
  maxTotalBytes: 8 * MiB,
  maxArchiveBytes: 16 * MiB,
  maxArchiveEntries: 5000,
  maxInflateRatio: 100,
};

/** Bytes as whole MiB for messages ("1 MiB"), keeping a fraction when there is one. */
export function mib(bytes: number): number {
  return Math.round((bytes / MiB) * 100) / 100;
}
