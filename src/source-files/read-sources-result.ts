/** What a source reader returns: the .sol sources by path, and what it left out and why. */
export interface ReadSourcesResult {
  readonly sources: Map<string, string>;
  readonly skipped: { path: string; reason: string }[];
}
