import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError } from '../config.ts';
import { safescanSettings } from './safescan-networks.ts';

describe('safescanSettings', () => {
  it('reads the devnet by default, the explorer networks with a key, and nothing public without one', () => {
    assert.deepEqual(safescanSettings({}, true).networks, ['LOCAL']);
    assert.deepEqual(safescanSettings({}, false).networks, []);
    assert.deepEqual(safescanSettings({ EXPLORER_API_KEY: 'k' }, true).networks, [
      'LOCAL',
      'ETH',
      'BSC',
      'MATIC',
      'ARBITRUM',
      'BASE',
      'OPTIMISM',
    ]);
    assert.deepEqual(safescanSettings({ SAFESCAN_NETWORKS: 'bsc, eth,BSC' }, false).networks, ['BSC', 'ETH']);
  });

  it('refuses unknown networks, LOCAL without the devnet and bad numbers', () => {
    assert.throws(() => safescanSettings({ SAFESCAN_NETWORKS: 'MARS' }, true), ConfigError);
    assert.throws(() => safescanSettings({ SAFESCAN_NETWORKS: 'SOL' }, true), /unknown EVM network "SOL"/);
    assert.throws(() => safescanSettings({ SAFESCAN_NETWORKS: 'LOCAL' }, false), /devnet is off/);
    assert.throws(() => safescanSettings({ SAFESCAN_RPC_BLOCKS: '0' }, true), /SAFESCAN_RPC_BLOCKS/);
    assert.equal(safescanSettings({ SAFESCAN_TIMEOUT_MS: '1500' }, true).timeoutMs, 1500);
  });
});
