/**
 * The followers' settings from the environment (all optional):
 * WATCH_CONFIRMATIONS (blocks on top of a block before it is taken, default 1),
 * WATCH_POLL_MS (time between rounds, default 500), WATCH_MAX_BLOCK_RANGE (most blocks one
 * eth_getLogs spans, default 100), WATCH_MAX_PER_ACCOUNT (live watches an account may have,
 * default 50), WATCH_FOLLOWERS=off (this replica serves the API but follows no network).
 */
import { ConfigError } from '../config.ts';

export interface WatchConfig {
  readonly confirmations: number;
  readonly pollMs: number;
  readonly maxBlockRange: number;
  readonly maxPerAccount: number;
  readonly followers: boolean;
}

function integer(env: Readonly<Record<string, string | undefined>>, name: string, fallback: number, min: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new ConfigError(`${name} must be an integer of at least ${min}, not ${raw}`);
  return value;
}

export function watchConfigFromEnv(env: Readonly<Record<string, string | undefined>>): WatchConfig {
  return {
    confirmations: integer(env, 'WATCH_CONFIRMATIONS', 1, 0),
    pollMs: integer(env, 'WATCH_POLL_MS', 500, 10),
    maxBlockRange: integer(env, 'WATCH_MAX_BLOCK_RANGE', 100, 1),
    maxPerAccount: integer(env, 'WATCH_MAX_PER_ACCOUNT', 50, 0),
    followers: env.WATCH_FOLLOWERS?.trim().toLowerCase() !== 'off',
  };
}
