import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addressNetworks, targetFromAddress, targetFromUrl } from './scan-target.ts';
import { ScanInputError } from './scan-input-error.ts';
import { MESSAGES } from '../interface/messages.ts';

const M = MESSAGES.dashboardScans;
const A = '0x1111111111111111111111111111111111111111';
const on = { devnet: true };
const off = { devnet: false };

function refused(run: () => unknown): ScanInputError {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof ScanInputError);
    return error;
  }
  return assert.fail('expected a refusal');
}

test('explorer links of every accepted form resolve to network and address', () => {
  for (const url of [
    `https://etherscan.io/token/${A}`,
    `https://www.etherscan.io/address/${A}#code`,
    `https://etherscan.io/address/${A}?a=1#code`,
    `  https://etherscan.io/token/${A}?ref=x  `,
  ]) {
    const t = targetFromUrl(url, off, 'scan.example:80');
    assert.equal(t.network.symbol, 'ETH', url);
    assert.equal(t.address, A);
  }
  assert.equal(targetFromUrl(`https://bscscan.com/token/${A}`, off, 'h').network.symbol, 'BSC');
});

test('unknown hosts and paths say which forms are accepted', () => {
  assert.equal(refused(() => targetFromUrl(`https://example.com/token/${A}`, off, 'h')).message, M.urlUnknown);
  assert.equal(refused(() => targetFromUrl('https://etherscan.io/blocks', off, 'h')).message, M.urlUnknown);
  assert.equal(refused(() => targetFromUrl('not a url', off, 'h')).field, 'url');
  assert.equal(refused(() => targetFromUrl('', off, 'h')).message, M.urlRequired);
});

test('the devnet: this service origin stands for its explorer, only with the devnet on', () => {
  const t = targetFromUrl(`http://127.0.0.1:4000/token/${A}`, on, '127.0.0.1:4000');
  assert.equal(t.network.symbol, 'LOCAL');
  assert.equal(refused(() => targetFromUrl(`http://127.0.0.1:4000/token/${A}`, off, '127.0.0.1:4000')).message, M.urlUnknown);
  assert.equal(refused(() => targetFromUrl(`http://127.0.0.1:4001/token/${A}`, on, '127.0.0.1:4000')).message, M.urlUnknown);
});

test('address and network: the spec messages of cyberscan', () => {
  assert.equal(targetFromAddress('eth', ` ${A} `, off).address, A);
  assert.equal(refused(() => targetFromAddress('NOPE', A, off)).message, MESSAGES.cyberscan.invalidNetwork);
  assert.equal(refused(() => targetFromAddress('ETH', '', off)).message, M.addressRequired);
  assert.equal(refused(() => targetFromAddress('ETH', '0x12', off)).message, MESSAGES.cyberscan.invalidAddress);
  assert.equal(refused(() => targetFromAddress('SOL', A, off)).message, MESSAGES.cyberscan.invalidAddress);
  assert.equal(targetFromAddress('SOL', 'So11111111111111111111111111111111111111112', off).network.symbol, 'SOL');
  assert.equal(refused(() => targetFromAddress('LOCAL', A, off)).field, 'network');
  assert.equal(targetFromAddress('LOCAL', A, on).network.symbol, 'LOCAL');
});

test('the network picker lists SOL, and LOCAL only with the devnet', () => {
  assert.ok(addressNetworks(off).some((n) => n.symbol === 'SOL'));
  assert.ok(!addressNetworks(off).some((n) => n.symbol === 'LOCAL'));
  assert.ok(addressNetworks(on).some((n) => n.symbol === 'LOCAL'));
});
