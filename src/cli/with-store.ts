/** Opens the configured store for one command and always closes it. */
import { loadConfig } from '../config.ts';
import { openStore, type Store } from '../store/open-store.ts';

export async function withStore<T>(run: (store: Store) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const store = await openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    return await run(store);
  } finally {
    await store.close();
  }
}

/** Prints a value as JSON (for `--json`) or as the given text. */
export function output(json: boolean, value: unknown, text: () => string): void {
  process.stdout.write(json ? `${JSON.stringify(value, null, 2)}\n` : `${text()}\n`);
}
