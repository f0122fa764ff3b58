import { test } from 'node:test';
import assert from 'node:assert/strict';
import { registrableDomain } from './registrable-domain.ts';
import { OutboundTargetError } from './outbound-target.ts';

test('the registrable domain of URLs and host names, multi-label suffixes included', () => {
  assert.equal(registrableDomain('https://app.uniswap.org/swap?x=1'), 'uniswap.org');
  assert.equal(registrableDomain('www.example.co.uk'), 'example.co.uk');
  assert.equal(registrableDomain('EXAMPLE.com'), 'example.com');
  assert.equal(registrableDomain('http://shop.example.com.au:8080/'), 'example.com.au');
  assert.equal(registrableDomain('proj.github.io'), 'github.io');
  assert.equal(registrableDomain('https://www.münchen.de/'), 'xn--mnchen-3ya.de');
  assert.equal(registrableDomain('shop.bücher.example'), 'xn--bcher-kva.example');
});

test('IP addresses, bare suffixes and garbage have none', () => {
  for (const bad of ['http://127.0.0.1/', '[::1]', 'co.uk', 'com', '', 'not a host']) {
    assert.throws(() => registrableDomain(bad), OutboundTargetError, bad);
  }
});
