import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { requireChromium } from './chromium.ts';

describe('the e2e Chromium launcher', () => {
  it('says how to install the browser when it is missing', () => {
    assert.throws(
      () => requireChromium('/nonexistent/chromium'),
      /Chromium not found at \/nonexistent\/chromium: install it with `apt-get install -y chromium`/,
    );
  });
});
