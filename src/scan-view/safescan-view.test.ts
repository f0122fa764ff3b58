import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { activitySeries } from '../safescan/screen.ts';
import { activitySummary } from './safescan-view.ts';

describe('activitySummary', () => {
  it("the count beside the chart is the chart's own sum, whatever totalTx counts", () => {
    const day = 86_400;
    const times = [0, 10, day * 3, day * 3 + 5, day * 9];
    const series = activitySeries(times);
    const summary = activitySummary(series);
    assert.equal(summary.charted, times.length);
    assert.equal(summary.bucket, 'day');
  });

  it('weeks past three months; nothing for no activity', () => {
    const day = 86_400;
    assert.equal(activitySummary(activitySeries([0, day * 200])).bucket, 'week');
    assert.deepEqual(activitySummary([]), { charted: 0, bucket: null });
  });
});
