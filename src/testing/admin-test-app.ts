/**
 * The set-up of the admin routes' tests: an app on an in-memory store with an admin-scoped
 * key and a plain one, and `call()` to drive a route with a key (and CSV or JSON payload).
 * Registers its own `before`/`after`, so call it inside the `describe`.
 */
import { after, before } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createApiKey } from '../keys/api-key-repository.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export interface AdminTestApp {
  readonly app: FastifyInstance;
  /** An admin-scoped key. */
  readonly admin: string;
  /** A key without the admin scope. */
  readonly user: string;
  /** Sends `payload` as JSON, or as text/csv when `csv` is true; no key header without `key`. */
  call(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    key?: string,
    payload?: string | object,
    csv?: boolean,
  ): Promise<LightMyRequestResponse>;
}

export function useAdminTestApp(): AdminTestApp {
  let t: TestApp | undefined;
  let keys: { admin: string; user: string } | undefined;
  before(async () => {
    t = await createTestApp();
    keys = {
      admin: (await createApiKey(t.store.db, { name: 'ops', scope: 'admin' })).key,
      user: (await createApiKey(t.store.db, { name: 'u' })).key,
    };
  });
  after(() => t?.close());
  const ready = () => {
    if (!t || !keys) throw new Error('the admin test app is used before its before() hook ran');
    return { t, keys };
  };
  return {
    get app() {
      return ready().t.app;
    },
    get admin() {
      return ready().keys.admin;
    },
    get user() {
      return ready().keys.user;
    },
    call: (method, url, key, payload, csv = false) =>
      ready().t.app.inject({
        method,
        url,
        headers: { ...(key ? { 'x-api-key': key } : {}), ...(csv ? { 'content-type': 'text/csv' } : {}) },
        ...(payload !== undefined ? { payload } : {}),
      }),
  };
}
