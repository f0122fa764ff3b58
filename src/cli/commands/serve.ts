import type { Command } from 'commander';
import { loadConfig } from '../../config.ts';
// The server (Fastify, swagger, …) loads only when serving, keeping other commands quick.

export function register(program: Command): void {
  program
    .command('serve')
    .description('run the HTTP API (embedded SQLite and in-memory limits unless DATABASE_URL / REDIS_URL are set)')
    .option('--port <port>', 'port to listen on (default: PORT or 3000)')
    .option('--host <host>', 'address to listen on (default: HOST or 127.0.0.1)')
    .action(async (options: { port?: string; host?: string }) => {
      const env = { ...loadConfig().env };
      if (options.port !== undefined) env.PORT = options.port;
      if (options.host !== undefined) env.HOST = options.host;
      const { closeOnSignals, startServer } = await import('../../server.ts');
      const server = await startServer(loadConfig(env));
      closeOnSignals(server);
    });
}
