/**
 * The delivery side as the server runs it (issue 32): the engine, the runner (BullMQ with
 * REDIS_URL, in this process otherwise) and `WatchDeliveries` for the follower.
 *
 * Configuration (all optional):
 *   WEBHOOK_ALLOW_PRIVATE   webhooks to private and loopback addresses (off; on for a receiver on the
 *                           operator's own network, as CODEHOST_ALLOW_PRIVATE is for repository import)
 *   WEBHOOK_TIMEOUT_MS      time limit of one webhook attempt (10 000)
 *   WATCH_DELIVERY_SWEEP_MS how often due deliveries are looked for with Redis (30 000; 1 000 without)
 */
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { Mailer } from '../../accounts/mailer.ts';
import type { WatchEvent } from '../../interface/schemas/watches.ts';
import type { Database } from '../../store/schema.ts';
import { createBullMqDeliveryRunner } from './bullmq-runner.ts';
import { createDeliveryEngine, type DeliveryEngine } from './delivery-engine.ts';
import type { DeliveryRunner, RunnerErrorSink } from './delivery-runner.ts';
import { createInProcessRunner } from './in-process-runner.ts';
import type { WatchDeliveries, WatchForDelivery } from './watch-deliveries.ts';

export interface WatchDeliveryConfig {
  readonly allowPrivateAddresses: boolean;
  readonly timeoutMs: number;
  /** Undefined: the runner's default. */
  readonly sweepMs: number | undefined;
}

export function watchDeliveryConfigFromEnv(env: Readonly<Record<string, string | undefined>>): WatchDeliveryConfig {
  const number = (name: string, min: number): number | undefined => {
    const raw = env[name]?.trim();
    if (raw === undefined || raw === '') return undefined;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer of at least ${min}, not "${raw}"`);
    return value;
  };
  return {
    allowPrivateAddresses: ['1', 'true', 'on', 'yes'].includes((env.WEBHOOK_ALLOW_PRIVATE ?? '').trim().toLowerCase()),
    timeoutMs: number('WEBHOOK_TIMEOUT_MS', 100) ?? 10_000,
    sweepMs: number('WATCH_DELIVERY_SWEEP_MS', 100),
  };
}

export interface WatchDeliveryService extends WatchDeliveries {
  readonly engine: DeliveryEngine;
  /** Asks for an attempt at a delivery made due again (the redeliver route). */
  kick(deliveryId: string, claims: number, at: string): void;
  close(): Promise<void>;
}

export interface StartWatchDeliveriesOptions {
  readonly db: Kysely<Database>;
  readonly mailer: Mailer | null;
  readonly config: WatchDeliveryConfig;
  /** With Redis: BullMQ on `${scanQueue}-watch-deliveries`. */
  readonly redisUrl?: string | undefined;
  readonly scanQueue?: string;
  readonly prefix?: string;
  /** Whether this process sends (SCAN_WORKER with Redis); without Redis it always does. */
  readonly work: boolean;
  readonly baseUrl?: string | undefined;
  readonly onError: RunnerErrorSink;
  readonly now?: () => Date;
}

export function startWatchDeliveries(options: StartWatchDeliveriesOptions): WatchDeliveryService {
  const engine = createDeliveryEngine({
    db: options.db,
    mailer: options.mailer,
    webhook: { allowPrivateAddresses: options.config.allowPrivateAddresses, timeoutMs: options.config.timeoutMs },
    replica: `${hostname()}/${process.pid}`,
    dashboardUrl: options.baseUrl,
    ...(options.now ? { now: options.now } : {}),
  });
  const sweepMs = options.config.sweepMs === undefined ? {} : { sweepMs: options.config.sweepMs };
  const runner: DeliveryRunner = options.redisUrl
    ? createBullMqDeliveryRunner(engine, {
        redisUrl: options.redisUrl,
        queueName: `${options.scanQueue ?? 'scopeward-scans'}-watch-deliveries`,
        ...(options.prefix === undefined ? {} : { prefix: options.prefix }),
        work: options.work,
        onError: options.onError,
        ...sweepMs,
      })
    : createInProcessRunner(engine, {
        onError: options.onError,
        ...(options.config.sweepMs === undefined ? {} : { pollMs: options.config.sweepMs }),
      });
  return {
    engine,
    async enqueue(event: WatchEvent, watch: WatchForDelivery) {
      for (const delivery of await engine.record(event, watch))
        runner.schedule(delivery.id, 0, delivery.nextAttemptAt ?? delivery.createdAt);
    },
    kick: (id, claims, at) => runner.schedule(id, claims, at),
    close: () => runner.close(),
  };
}
