/** The shared launcher the browser suites use (src/testing/chromium.ts), in the real browser. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { DESKTOP_VIEWPORT, launchChromium, launchPersistentChromium, PHONE_VIEWPORT, requireChromium } from '../../src/testing/chromium.ts';

requireChromium();

describe('the e2e Chromium launcher', () => {
  it('runs headless at the asked viewport in a temporary profile it removes on close', async () => {
    const browser = await launchPersistentChromium('launcher-test', PHONE_VIEWPORT);
    try {
      assert.ok(existsSync(browser.profileDir));
      const page = browser.context.pages()[0] ?? (await browser.context.newPage());
      await page.setContent('<p>hi</p>');
      assert.deepEqual(await page.evaluate('[innerWidth, /HeadlessChrome/.test(navigator.userAgent)]'), [PHONE_VIEWPORT.width, true]);
    } finally {
      await browser.close();
    }
    assert.equal(existsSync(browser.profileDir), false);
  });

  it('launches a plain browser whose contexts take their own viewport', async () => {
    const browser = await launchChromium();
    try {
      const page = await (await browser.newContext({ viewport: DESKTOP_VIEWPORT })).newPage();
      await page.setContent('<p>hi</p>');
      assert.equal(await page.evaluate('innerWidth'), DESKTOP_VIEWPORT.width);
    } finally {
      await browser.close();
    }
    assert.equal(browser.isConnected(), false);
  });
});
