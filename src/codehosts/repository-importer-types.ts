/** What the dashboard asks of the code hosts: is a repository importable, and its .sol files. */
import type { RepositoryCheck, RepositoryRef } from '../interface/schemas/dashboard-scans.ts';

export interface ImportedRepository {
  readonly ref: RepositoryRef;
  readonly visibility: 'public' | 'private';
  readonly sources: Readonly<Record<string, string>>;
  readonly ignoredEntries: number;
}

export interface RepositoryImporter {
  /** Public or private, and whether this account can import it now (throws ScanInputError for a bad URL). */
  check(url: unknown, accountId: string): Promise<RepositoryCheck>;
  /** The .sol files at the URL's ref and folder (throws ScanInputError with the reason it cannot). */
  fetch(url: unknown, accountId: string): Promise<ImportedRepository>;
}
