import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { labelAddressDetails } from './label-address-details.ts';
import type { AddressLabel } from './label-record.ts';

const EXCHANGE = '0x00000000000000000000000000000000000000Aa';
const POOL = '0x00000000000000000000000000000000000000bb';

describe('labelAddressDetails', () => {
  it('names unlabelled holders from the store and keeps the roles the scan found', async () => {
    const details = {
      [EXCHANGE]: { balance: 1, contract: false, label: '' },
      [POOL]: { balance: 2, contract: true, label: 'pool' },
      '0x00000000000000000000000000000000000000cc': { balance: 3, contract: false, label: '' },
    };
    const asked: string[][] = [];
    const lookup = async (network: string, addresses: readonly string[]) => {
      asked.push([network, ...addresses]);
      const label: AddressLabel = {
        address: EXCHANGE.toLowerCase(),
        network: '*',
        label: 'Exchange hot wallet',
        category: 'exchange',
        source: 't',
        listedOn: '2025-01-01',
      };
      return new Map([[EXCHANGE.toLowerCase(), [label]]]);
    };
    assert.equal(await labelAddressDetails(details, 'ETH', lookup), 1);
    assert.equal(details[EXCHANGE]!.label, 'Exchange hot wallet');
    assert.equal(details[POOL]!.label, 'pool');
    assert.deepEqual(asked, [['ETH', EXCHANGE, '0x00000000000000000000000000000000000000cc']]);
  });
});
