import { existsSync } from 'node:fs';
import { chromium, type Browser, type LaunchOptions } from 'playwright-core';

export const CHROME_PATH = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';

const ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--disable-quic', '--disable-dev-shm-usage',
];

/**
 * Chromium's own pages every window of its new headless mode opens: the address bar's two
 * drop-downs (`chrome://omnibox-popup.top-chrome/`), each drawn in a renderer of its own, about
 * 1.5 s of CPU a browser context (the tests make one a journey) for a bar no test sees.
 */
const UNUSED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

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
  const options: LaunchOptions = { executablePath: CHROME_PATH, headless: true, args: ARGS };
  const playwrightSwitch = await playwrightDisabledFeatures(options);
  const features = [...(playwrightSwitch?.slice(DISABLE_FEATURES.length).split(',').filter(Boolean) ?? []), ...UNUSED_FEATURES];
  // Chromium keeps only the last `--disable-features`: Playwright's list goes in ours, whole.
  return chromium.launch({
    ...options,
    ...(playwrightSwitch === undefined ? {} : { ignoreDefaultArgs: [playwrightSwitch] }),
    args: [...ARGS, `${DISABLE_FEATURES}${features.join(',')}`],
  });
}

const DISABLE_FEATURES = '--disable-features=';
let playwrightSwitchRead: Promise<string | undefined> | undefined;

/**
 * The `--disable-features` switch Playwright starts Chromium with (it has no call that says):
 * read, once a process, from the command line of a browser started for that.
 */
function playwrightDisabledFeatures(options: LaunchOptions): Promise<string | undefined> {
  playwrightSwitchRead ??= chromium.launchServer(options).then(async (server) => {
    const found = server.process().spawnargs.find((arg) => arg.startsWith(DISABLE_FEATURES));
    await server.close();
    return found;
  });
  return playwrightSwitchRead;
}
