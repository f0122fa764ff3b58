import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { describeValueChange, describeVerdictChange, isAlert, tokenAmount } from './describe-change.ts';
import type { WatchedValue } from './watch-plan.ts';

const value = (kind: WatchedValue['kind'], label: string): WatchedValue => ({
  key: label,
  kind,
  label,
  read: { type: 'call', address: '0x0000000000000000000000000000000000000001', data: '0x8da5cb5b' },
  format: 'uint',
});
const A = '0x56298ccddd9d4ed44f58182c8ee80819d2758177';
const ZERO = '0x0000000000000000000000000000000000000000';

describe('what changed, in words', () => {
  it('names a renounce, a reclaim and a hand-over of the owner', () => {
    const owner = value('owner-changed', 'owner');
    assert.equal(describeValueChange(owner, A, ZERO, 18), `owner renounced: ${A} → nobody`);
    assert.equal(describeValueChange(owner, ZERO, A, 18), `owner reclaimed: nobody → ${A}`);
    assert.equal(
      describeValueChange(owner, A, '0x0000000000000000000000000000000000000002', 18),
      `owner changed: ${A} → 0x0000000000000000000000000000000000000002`,
    );
  });

  it('gives the supply in whole tokens with the change, and liquidity removed as a share', () => {
    const supply = value('supply-changed', 'total supply');
    assert.equal(
      describeValueChange(supply, '1000000000000', '2500000000000', 9),
      'total supply 1,000 → 2,500 (+150 %): tokens were minted',
    );
    assert.equal(describeValueChange(supply, '2000', '1000', 3), 'total supply 2 → 1 (-50 %): tokens were burned');
    const lp = value('liquidity-removed', 'LP tokens of the pool');
    assert.match(describeValueChange(lp, '4000000000000000000', '1000000000000000000', 18), /^75 % of the pool's liquidity was removed/);
    assert.equal(tokenAmount('1234567800000000000', 18), '1.2345');
  });

  it('alerts on liquidity removed, not added, and on any other change', () => {
    const lp = value('liquidity-removed', 'LP');
    assert.equal(isAlert(lp, '10', '20'), false);
    assert.equal(isAlert(lp, '20', '10'), true);
    assert.equal(isAlert(value('power-variable-changed', 'fee'), '1', '1'), false);
    assert.equal(isAlert(value('power-variable-changed', 'fee'), '1', null), true);
  });

  it("says what the verdict's change means for a holder's sell", () => {
    const base = { summary: 'You can sell now (sell tax 5 %).', canBuy: 'yes', canSell: 'yes', buyTax: 5, sellTax: 5 } as const;
    assert.equal(
      describeVerdictChange(base, { ...base, summary: 'You can sell now (sell tax 99 %).', sellTax: 99 }),
      "sell tax 5 % → 99 %; a holder's sell now returns 1 % of its value",
    );
    assert.equal(
      describeVerdictChange(base, { ...base, summary: 'You cannot sell: reverted.', canSell: 'no', sellTax: null }),
      "a holder's sell now fails: You cannot sell: reverted.",
    );
    assert.equal(
      describeVerdictChange(base, {
        ...base,
        summary: 'You cannot buy: reverted.',
        canBuy: 'no',
        canSell: 'unknown',
        sellTax: null,
        buyTax: null,
      }),
      'a buy now fails: You cannot buy: reverted.',
    );
    assert.equal(describeVerdictChange(base, base), null, 'the same verdict says nothing');
    assert.equal(describeVerdictChange(base, null), null, 'no simulation: nothing to say');
    assert.equal(
      describeVerdictChange(base, { ...base, summary: 'You can sell now. The owner can mint.' }),
      'the verdict now reads: You can sell now. The owner can mint.',
    );
  });
});
