import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isPrivateAddress } from './private-address.ts';

test('private, loopback, link-local, CGNAT, multicast and unspecified addresses are refused', () => {
  for (const a of [
    '127.0.0.1',
    '127.255.0.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.254',
    '224.0.0.251',
    '239.1.1.1',
    '255.255.255.255',
    '0.0.0.0',
    '::',
    '::1',
    '[::1]',
    'fd00::1',
    'fe80::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:7f00:1', // 127.0.0.1 in hex
    '0:0:0:0:0:ffff:a9fe:a9fe', // 169.254.169.254, written out
  ])
    assert.equal(isPrivateAddress(a), true, a);
});

test('public addresses pass, including ones next to the private ranges', () => {
  for (const a of [
    '8.8.8.8',
    '140.82.112.3',
    '172.32.0.1',
    '100.128.0.1',
    '11.0.0.1',
    '2606:4700::1111',
    '2001:4860:4860::8888',
    '::ffff:8c52:7003',
    '::ffff:8.8.8.8',
  ])
    assert.equal(isPrivateAddress(a), false, a);
});

test('IPv6 spellings that carry an IPv4 address are judged by the IPv4 rules', () => {
  const privateOnes = [
    '64:ff9b::127.0.0.1', // NAT64 well-known prefix
    '64:ff9b::a9fe:a9fe', // NAT64, 169.254.169.254 in hex
    '64:ff9b:0:0:0:0:10.0.0.1', // NAT64, written out
    '2002:7f00:1::', // 6to4 of 127.0.0.1
    '2002:c0a8:101::1', // 6to4 of 192.168.1.1
    '2002:a9fe:a9fe:1:2:3:4:5', // 6to4 of 169.254.169.254, with an interface id
    '::127.0.0.1', // IPv4-compatible
    '::10.0.0.1',
    '::a9fe:a9fe', // IPv4-compatible in hex
    '::ffff:0:127.0.0.1', // IPv4-translated
    '::ffff:0:7f00:1',
    '0:0:0:0:ffff:0:c0a8:1', // IPv4-translated 192.168.0.1, written out
    '[64:ff9b::7f00:1]',
  ];
  for (const a of privateOnes) assert.equal(isPrivateAddress(a), true, a);
  const publicOnes = [
    '64:ff9b::8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
    '::8.8.8.8',
    '::ffff:0:8.8.8.8',
    '64:ff9c::7f00:1',
    '2003:7f00:1::',
  ];
  for (const a of publicOnes) assert.equal(isPrivateAddress(a), false, a);
});

test('anything that is not an IP address is treated as private (never reached by mistake)', () => {
  for (const a of ['', 'localhost', 'example.com', '1.2.3', '::gg']) assert.equal(isPrivateAddress(a), true, a);
});
