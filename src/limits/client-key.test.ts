import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { clientRateKey } from './client-key.ts';

describe('clientRateKey', () => {
  it('keeps IPv4 addresses as they are', () => {
    assert.equal(clientRateKey('203.0.113.9'), '203.0.113.9');
  });

  it('puts every address of one IPv6 /64 under one key, and different /64s under different keys', () => {
    const a = clientRateKey('2001:db8:1:2::1');
    assert.equal(a, '2001:db8:1:2::/64');
    assert.equal(clientRateKey('2001:db8:1:2:ffff:ffff:ffff:ffff'), a);
    assert.equal(clientRateKey('2001:0db8:0001:0002:abcd::9'), a);
    assert.equal(clientRateKey('[2001:db8:1:2::7]'), a);
    assert.notEqual(clientRateKey('2001:db8:1:3::1'), a);
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', () => {
    assert.equal(clientRateKey('::ffff:203.0.113.9'), '203.0.113.9');
    assert.equal(clientRateKey('::ffff:cb00:7109'), '203.0.113.9');
  });

  it('keys loopback and short forms', () => {
    assert.equal(clientRateKey('::1'), '0:0:0:0::/64');
    assert.equal(clientRateKey('fe80::1%eth0'), 'fe80:0:0:0::/64');
  });
});
