/**
 * What schedules delivery attempts: in this process (no Redis) or on BullMQ (REDIS_URL).
 * Either way the database holds the truth and the engine's claim makes each attempt
 * exclusive; a runner only says "try delivery X now or at T".
 */
export interface DeliveryRunner {
  /** Asks for an attempt at `at` (ISO time; now when earlier). `claims` names the BullMQ job. */
  schedule(deliveryId: string, claims: number, at: string): void;
  close(): Promise<void>;
}

/** Runner errors (a lost Redis, a database that failed one query); the sweep catches up afterwards. */
export type RunnerErrorSink = (error: Error) => void;
