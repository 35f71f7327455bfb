// Debian's Chromium driven by playwright-core; SwiftShader gives WebGL without a GPU.
import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

export const ARTIFACTS = 'test-artifacts';

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
}

export interface OpenedPage {
  page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  errors: string[];
}

export async function openGame(browser: Browser, url: string): Promise<OpenedPage> {
  const page = await browser.newPage({ viewport: { width: 960, height: 540 } });
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { __twinfield?: { ready: boolean } }).__twinfield?.ready === true, null, { timeout: 60_000 });
  return { page, errors };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = `${ARTIFACTS}/${name}.png`;
  await page.screenshot({ path });
  return path;
}

/**
 * Presses keys one after another with a short gap. Phaser drops a key event whose code, type and
 * timestamp equal the previous one's (some systems double-fire), and synthetic presses sent
 * back to back can share a timestamp; a person's presses never do.
 */
export async function press(page: Page, ...keys: string[]): Promise<void> {
  for (const k of keys) {
    await page.keyboard.press(k);
    await page.waitForTimeout(60);
  }
}
