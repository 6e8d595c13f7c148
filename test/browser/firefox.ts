import { existsSync } from 'node:fs';
import puppeteer from 'puppeteer-core';
import type { Engine, EngineBrowser } from './engine.js';
import { foreignSite } from './foreign-site.js';

// Firefox as Debian ships it (apt-get install firefox-esr), driven over WebDriver BiDi by
// puppeteer-core, which downloads no browser of its own: Playwright's Firefox is a patched build
// that only Playwright's own download gives.
const debianPath = '/usr/bin/firefox-esr';

/** The Firefox the tests run: `FIREFOX_PATH`, else Debian's firefox-esr. */
const firefoxPath = () => process.env.FIREFOX_PATH || debianPath;

/**
 * Launches headless Firefox at `path` with a profile of its own, nothing reaching beyond this
 * machine: `foreignSite` resolves to loopback, and any other name goes to a proxy that is not there.
 */
async function launchFirefox(path: string): Promise<EngineBrowser> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: path,
    headless: true,
    timeout: 30_000,
    extraPrefsFirefox: {
      'network.dns.localDomains': foreignSite,
      'network.proxy.type': 1,
      'network.proxy.http': '127.0.0.1',
      'network.proxy.http_port': 9,
      'network.proxy.ssl': '127.0.0.1',
      'network.proxy.ssl_port': 9,
      'network.proxy.no_proxies_on': `localhost, 127.0.0.1, ${foreignSite}`,
    },
  });
  return {
    version: (await browser.version()).replace('firefox/', 'Firefox '),
    async openPage(url, log) {
      const page = await browser.newPage();
      page.on('console', (message) => log(`${message.type()}: ${message.text()}`));
      page.on('pageerror', (error) => log(`uncaught: ${String(error)}`));
      await page.goto(url);
      return { evaluate: (expression) => page.evaluate(expression), close: () => page.close() };
    },
    close: () => browser.close(),
  };
}

/** Firefox, driven over WebDriver BiDi by puppeteer-core. */
export const firefoxEngine: Engine = {
  name: 'Firefox',
  async missing() {
    const path = firefoxPath();
    return existsSync(path)
      ? undefined
      : `no Firefox at ${path}: apt-get install firefox-esr, or set FIREFOX_PATH`;
  },
  launch: () => launchFirefox(firefoxPath()),
  failedFetch: 'TypeError: NetworkError when attempting to fetch resource.',
  cutBody: /^TypeError: Content-Length header of network response exceeds response Body\.$/,
};
