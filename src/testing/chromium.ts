/**
 * The Chromium every browser suite (test/e2e/) drives: where it is, the flags it runs
 * with, and the two ways the suites launch it (a plain browser, or a persistent profile
 * in a temporary folder, removed on close). Not a skip when it is missing: the suites
 * exist to run in a browser, and CI installs one.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Headless without a sandbox (containers run as root) or a GPU; no first-run dialogs, and
 * no traffic of the browser's own (updates, sync, QUIC probes) mixed into what a suite
 * asserts about the page's requests.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const DESKTOP_VIEWPORT = { width: 1280, height: 860 } as const;
export const PHONE_VIEWPORT = { width: 390, height: 844 } as const;

/** Throws with the way to install it when the browser is not there. */
export function requireChromium(path: string = CHROMIUM_PATH): string {
  if (!existsSync(path))
    throw new Error(`Chromium not found at ${path}: install it with \`apt-get install -y chromium\` (or set CHROMIUM_PATH)`);
  return path;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: requireChromium(), headless: true, args: [...CHROMIUM_ARGS] });
}

export interface PersistentChromium {
  readonly context: BrowserContext;
  /** The temporary profile folder. */
  readonly profileDir: string;
  /** Closes the browser and removes its profile folder. */
  close(): Promise<void>;
}

/** A browser with its own profile (cookies and storage persist across its pages), in a fresh temporary folder. */
export async function launchPersistentChromium(
  name: string,
  viewport: { readonly width: number; readonly height: number } = DESKTOP_VIEWPORT,
): Promise<PersistentChromium> {
  const executablePath = requireChromium();
  const profileDir = await mkdtemp(join(tmpdir(), `sw-e2e-${name}-chromium-`));
  try {
    const context = await chromium.launchPersistentContext(profileDir, {
      executablePath,
      headless: true,
      viewport: { ...viewport },
      args: [...CHROMIUM_ARGS],
    });
    return {
      context,
      profileDir,
      async close() {
        await context.close();
        await rm(profileDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(profileDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Records what goes wrong in a page for a test to assert empty: uncaught errors and console
 * errors. 4xx answers the page shows as messages are expected, so their console lines are not problems.
 */
export function collectPageProblems(page: Page, problems: string[]): void {
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 4\d\d/.test(message.text())) problems.push(`console: ${message.text()}`);
  });
}

/**
 * Full-page screenshots of `page` at desktop and phone width (`<name>-desktop.png`,
 * `<name>-phone.png` in `dir`); the page is left at desktop width.
 */
export async function screenshotDesktopAndPhone(page: Page, dir: string, name: string): Promise<void> {
  // From the top: a full-page shot of a scrolled page draws sticky parts (the phone header,
  // the sidebar) where the scroll left them, over the content, which no reader sees.
  await page.evaluate('window.scrollTo(0, 0)');
  await page.setViewportSize(DESKTOP_VIEWPORT);
  await page.screenshot({ path: join(dir, `${name}-desktop.png`), fullPage: true });
  await page.setViewportSize(PHONE_VIEWPORT);
  await page.screenshot({ path: join(dir, `${name}-phone.png`), fullPage: true });
  await page.setViewportSize(DESKTOP_VIEWPORT);
}
