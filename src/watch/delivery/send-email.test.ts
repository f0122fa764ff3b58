/** The alert e-mail in words: a Solana event says its slot, an EVM event its block. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { alertMail, type WebhookPayload } from './send-email.ts';

const event = (network: string, blockHash: string): WebhookPayload => ({
  id: 'e1',
  watchId: 'w1',
  kind: network === 'SOL' ? 'solana-authority-changed' : 'owner-changed',
  network,
  token: 'CJsgvoN3h8ZUBBMgcGvgV7eUzBxU7rJZMUkqoGtd8b1k',
  blockNumber: 42,
  blockHash,
  transactionHash: 'sig',
  summary: 'mint authority 2RjE…JBej → none (revoked): no more tokens can be minted',
  before: '2RjEksQpWkjjcErcDdFBEtEPeEuMgxFUxR7y7U1gJBej',
  after: null,
  verdictBefore: null,
  verdictAfter: null,
  retracts: null,
  detectedAt: '2026-11-28T03:00:00.000Z',
  watch: { id: 'w1', token: 'CJsgvoN3h8ZUBBMgcGvgV7eUzBxU7rJZMUkqoGtd8b1k', network },
});

describe('the alert e-mail', () => {
  it('names the slot of a Solana event and the block of an EVM one', () => {
    const solana = alertMail(event('SOL', '3GbwCjNrvkKN4WbSgNdFoKwsXcgB7c85e1QDUQneC9Lm'), undefined);
    assert.match(solana.text, /^Slot 42 \(3GbwCjNrvkKN4WbSgNdFoKwsXcgB7c85e1QDUQneC9Lm\)$/m);
    assert.equal(
      solana.subject,
      '[scopeward] CJsgvoN3…8b1k on SOL: mint authority 2RjE…JBej → none (revoked): no more tokens can be minted',
    );
    assert.match(alertMail(event('SOL', ''), undefined).text, /^Slot 42$/m, 'no block hash kept: none shown');
    assert.match(alertMail(event('ETH', '0xabc'), undefined).text, /^Block 42 \(0xabc\)$/m);
  });
});
