import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BaseError, encodeAbiParameters, type Hex } from 'viem';
import { classifyHolder, describeHolder, readPowerHolder } from './power-holder.ts';
import type { ChainClient } from '../chain/create-chain-client.ts';

const word = (n: bigint) => encodeAbiParameters([{ type: 'uint256' }], [n]);
const list = (addresses: `0x${string}`[]) => encodeAbiParameters([{ type: 'address[]' }], [addresses]);
const ok = (returnData: Hex) => ({ success: true, returnData });
const fail = { success: false, returnData: '0x' as Hex };
const A = '0x00000000000000000000000000000000000000a1';
const B = '0x00000000000000000000000000000000000000b2';

describe('who holds the powers', () => {
  it('tells an EOA, a Safe-style multisig, a timelock and another contract apart', () => {
    assert.deepEqual(classifyHolder(A, '0x', []), { kind: 'eoa', address: A });
    assert.deepEqual(classifyHolder(A, '0x60', [ok(word(2n)), ok(list([A, B, A])), fail, fail]), {
      kind: 'multisig',
      address: A,
      threshold: 2,
      owners: 3,
    });
    assert.deepEqual(classifyHolder(A, '0x60', [fail, fail, ok(word(172_800n)), fail]), {
      kind: 'timelock',
      address: A,
      delaySeconds: 172_800,
    });
    assert.deepEqual(classifyHolder(A, '0x60', [fail, fail, fail, ok(word(3600n))]), { kind: 'timelock', address: A, delaySeconds: 3600 });
    // A threshold above the signer count is not a working multisig; a huge "delay" is not a delay.
    assert.deepEqual(classifyHolder(A, '0x60', [ok(word(5n)), ok(list([A])), fail, ok(word(2n ** 200n))]), {
      kind: 'contract',
      address: A,
    });
  });

  it('reads the owner on chain, and needs no call for a renounced or unknown owner', async () => {
    const calls: string[] = [];
    const client = {
      network: 'LOCAL',
      details: { multicall3: undefined },
      public: {
        getCode: async () => '0x6080',
        call: async ({ data }: { data: Hex }) => {
          calls.push(data.slice(0, 10));
          // getThreshold() and getOwners() answer: a 2-of-2 Safe.
          if (data.startsWith('0xe75235b8')) return { data: word(2n) };
          if (data.startsWith('0xa0e67e2b')) return { data: list([A, B]) };
          throw new BaseError('execution reverted');
        },
      },
    } as unknown as ChainClient;
    assert.deepEqual(await readPowerHolder(client, { owner: A, renounced: false }), {
      kind: 'multisig',
      address: A,
      threshold: 2,
      owners: 2,
    });
    assert.ok(calls.length >= 2);
    assert.deepEqual(await readPowerHolder(client, { owner: '0x0000000000000000000000000000000000000000', renounced: true }), {
      kind: 'nobody',
    });
    assert.equal((await readPowerHolder(client, { owner: null, renounced: false })).kind, 'unknown');
    assert.match(describeHolder({ kind: 'timelock', address: A, delaySeconds: 172_800 }), /delay 2 days/);
  });
});
