import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRateLimiter } from '../limits/rate-limiter.ts';
import { AccountError } from './account-error.ts';
import { createPasswordThrottle } from './password-throttle.ts';

let prefix = 0;
function setup(failures = 100) {
  prefix += 1;
  return createPasswordThrottle({
    perClient: createRateLimiter({ pointsPerWindow: 10, windowSeconds: 900, keyPrefix: `pt-client-${prefix}` }),
    failures: createRateLimiter({ pointsPerWindow: failures, windowSeconds: 900, keyPrefix: `pt-fail-${prefix}` }),
    flooded: createRateLimiter({ pointsPerWindow: 1, windowSeconds: 900, keyPrefix: `pt-flood-${prefix}` }),
  });
}

async function admitted(throttle: ReturnType<typeof setup>, address: string, ip: string): Promise<boolean> {
  try {
    await throttle.admit(address, ip);
    return true;
  } catch (error) {
    assert.ok(error instanceof AccountError && error.statusCode === 429, String(error));
    assert.ok(error.retryAfterSeconds! > 0);
    return false;
  }
}

/** A wrong try: admitted or not, and counted as a failure when admitted. */
async function wrongTry(throttle: ReturnType<typeof setup>, address: string, ip: string): Promise<boolean> {
  const ok = await admitted(throttle, address, ip);
  if (ok) await throttle.failed(address);
  return ok;
}

describe('password throttle', () => {
  it('gives each client its own 10 tries per address', async () => {
    const throttle = setup();
    for (let i = 0; i < 10; i += 1) assert.equal(await wrongTry(throttle, 'a@example.org', '198.51.100.7'), true);
    assert.equal(await wrongTry(throttle, 'a@example.org', '198.51.100.7'), false, 'the guesser is stopped');
    assert.equal(await admitted(throttle, 'a@example.org', '203.0.113.9'), true, 'the owner elsewhere is not');
    assert.equal(await admitted(throttle, 'b@example.org', '198.51.100.7'), true, 'another address is not');
  });

  it('counts an IPv6 /64 as one client', async () => {
    const throttle = setup();
    for (let i = 0; i < 10; i += 1) assert.equal(await wrongTry(throttle, 'a@example.org', `2001:db8:1:2::${i.toString(16)}`), true);
    assert.equal(await wrongTry(throttle, 'a@example.org', '2001:db8:1:2:ffff::1'), false);
    assert.equal(await admitted(throttle, 'a@example.org', '2001:db8:1:3::1'), true);
  });

  it('slows distributed guessing to one try per client once an address has many failures, without locking anyone out', async () => {
    const throttle = setup(20);
    // 20 guessers, one wrong try each: the address's failures are used up.
    for (let i = 0; i < 20; i += 1) assert.equal(await wrongTry(throttle, 'a@example.org', `198.51.100.${i}`), true);
    // A guesser with tries of its own left gets one more, then waits.
    assert.equal(await wrongTry(throttle, 'a@example.org', '198.51.100.1'), true);
    assert.equal(await wrongTry(throttle, 'a@example.org', '198.51.100.1'), false);
    // A new guesser, likewise: one try.
    assert.equal(await wrongTry(throttle, 'a@example.org', '192.0.2.50'), true);
    assert.equal(await wrongTry(throttle, 'a@example.org', '192.0.2.50'), false);
    // The owner still gets a try; another address is untouched.
    assert.equal(await admitted(throttle, 'a@example.org', '203.0.113.9'), true);
    for (let i = 0; i < 10; i += 1) assert.equal(await admitted(throttle, 'b@example.org', '203.0.113.9'), true);
  });
});
