/**
 * Starts the real service (`scopeward serve`) in a child process on a free port and
 * waits until it listens: for integration tests of what a user actually runs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/scopeward.js', import.meta.url));

export interface SpawnedServer {
  readonly url: string;
  readonly child: ChildProcess;
  /** Everything the process printed so far (JSON log lines). */
  output(): string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

export async function spawnServer(
  env: Record<string, string>,
  timeoutMs = 180_000,
  options: { cwd?: string } = {},
): Promise<SpawnedServer> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0'], {
    env: { ...process.env, LOG_LEVEL: 'info', LOG_FORMAT: 'json', ...env },
    ...(options.cwd ? { cwd: options.cwd } : {}),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // A test whose set-up failed before it could stop its servers (or that forgot) must
  // still end: the server does not keep this process alive, and dies with it.
  child.unref();
  // Piped stdio are sockets, though typed as plain streams.
  for (const stream of [child.stdout, child.stderr]) (stream as Socket | null)?.unref();
  const killOnExit = () => child.kill('SIGTERM');
  process.once('exit', killOnExit);
  void exited.then(() => process.off('exit', killOnExit));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start within ${timeoutMs} ms:\n${log}`)), timeoutMs);
    const poll = setInterval(() => {
      const match = /"url":"(http:\/\/[^"]+)","database"/.exec(log);
      if (match?.[1]) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve(match[1]);
      }
    }, 50);
    void exited.then((code) => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${log}`));
    });
  });

  return {
    url,
    child,
    output: () => log,
    stop: async () => {
      // Waiting for the exit must hold this process open until the server is gone.
      child.ref();
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
