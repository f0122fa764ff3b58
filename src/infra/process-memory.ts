/**
 * The resident memory of another process, for limits on worker processes whose memory is
 * mostly outside V8's heap (solc is WebAssembly: `--max-old-space-size` does not bound it).
 * Read from /proc without blocking the event loop; null where there is no /proc (not
 * Linux) or the process is gone, and the caller then has no memory limit to enforce.
 */
import { readFile } from 'node:fs/promises';

/** Resident set size of `pid` in bytes (VmRSS), or null when it cannot be read. */
export async function residentSetBytes(pid: number, procDir = '/proc'): Promise<number | null> {
  try {
    const status = await readFile(`${procDir}/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kb === undefined ? null : Number(kb) * 1024;
  } catch {
    return null;
  }
}
