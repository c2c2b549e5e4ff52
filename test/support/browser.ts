import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROME_PATH = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';

/**
 * Debian's Chromium, driven offline. A missing browser fails the run with how to install
 * it: browser tests are never skipped.
 */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROME_PATH)) {
    throw new Error(
      `Chromium was not found at ${CHROME_PATH}. The browser tests need it: ` +
      'install it with `sudo apt-get install chromium` (Debian/Ubuntu), or set CHROME_PATH to a Chromium or Chrome binary.',
    );
  }
  return chromium.launch({
    executablePath: CHROME_PATH,
    headless: true,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--no-first-run', '--disable-quic', '--disable-dev-shm-usage',
    ],
  });
}
