import { spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createBrotliDecompress } from 'node:zlib';
import { type Browser, chromium } from 'playwright-core';
import type { Engine } from './engine.js';
import { foreignSite } from './foreign-site.js';

// Chromium comes from the npm registry, as everything else the tests need: @sparticuz/chromium (a
// root devDependency) ships a headless Chromium for Linux x64 as a brotli-compressed binary, with the
// NSS libraries it links to (built for Amazon Linux 2023, as for AWS Lambda; they run on Debian 12,
// which then needs none of its own). Its own code is not used: it extracts to a shared /tmp/chromium, which it then
// takes whatever version put it there, and its launch flags turn off web security (CORS, which
// these tests are about). playwright-core (no browser download of its own) drives the binary.
const root = fileURLToPath(new URL('../../', import.meta.url));
// Its exports map holds no ./package.json: the root's devDependency, where pnpm links it.
const packageDir = join(root, 'node_modules/@sparticuz/chromium');

/** Where the Chromium the tests run comes from, or why there is none. */
export type ChromiumSource =
  | { kind: 'package'; version: string }
  | { kind: 'path'; path: string }
  | { kind: 'none'; reason: string };

/**
 * `CHROME_PATH` (a Chrome or Chromium of one's own, as chrome-launcher reads it) if set, else the
 * package's binary on Linux x64, the only platform it is built for.
 */
export async function chromiumSource(): Promise<ChromiumSource> {
  const own = process.env.CHROME_PATH;
  if (own) return { kind: 'path', path: own };
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    return {
      kind: 'none',
      reason: `@sparticuz/chromium has no binary for ${process.platform}-${process.arch}: set CHROME_PATH to a Chrome or Chromium`,
    };
  }
  const { version } = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  return { kind: 'package', version };
}

/**
 * The binary and the LD_LIBRARY_PATH it needs: the package's, extracted once per version into
 * node_modules/.cache (a directory renamed into place, so that runs in parallel never see half of
 * one), about 2 s the first time.
 */
async function extracted(version: string): Promise<{ path: string; libraries: string }> {
  const cache = join(root, 'node_modules/.cache');
  const dir = join(cache, `chromium-${version}`);
  if (!existsSync(dir)) {
    await mkdir(cache, { recursive: true });
    const staging = await mkdtemp(join(cache, `chromium-${version}-`));
    try {
      const bin = join(packageDir, 'bin');
      await pipeline(
        createReadStream(join(bin, 'chromium.br')),
        createBrotliDecompress(),
        createWriteStream(join(staging, 'chromium'), { mode: 0o755 }),
      );
      // lib/libnss3.so and the rest, in a tar archive: Linux has tar.
      const tar = join(staging, 'al2023.tar');
      await pipeline(
        createReadStream(join(bin, 'al2023.tar.br')),
        createBrotliDecompress(),
        createWriteStream(tar),
      );
      const untar = spawnSync('tar', ['-xf', tar, '-C', staging], { encoding: 'utf8' });
      if (untar.status !== 0) throw new Error(`tar -xf ${tar}: ${untar.stderr || untar.error}`);
      await rm(tar);
      await rename(staging, dir).catch((error: NodeJS.ErrnoException) => {
        // Another run put it there first.
        if (!existsSync(dir)) throw error;
      });
      // An earlier version's, 190 MB each.
      for (const name of await readdir(cache)) {
        if (/^chromium-[\d.]+$/.test(name) && name !== `chromium-${version}`) {
          await rm(join(cache, name), { recursive: true, force: true });
        }
      }
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  }
  return { path: join(dir, 'chromium'), libraries: join(dir, 'lib') };
}

/**
 * Launches headless Chromium from `source`, with the browser's own security on (CORS, service
 * workers' secure context) and nothing that reaches beyond this machine: no background traffic, and
 * every host name but localhost and `foreignSite` unresolved.
 */
export async function launchChromium(source: ChromiumSource): Promise<Browser> {
  if (source.kind === 'none') throw new Error(source.reason);
  const binary =
    source.kind === 'path' ? { path: source.path, libraries: '' } : await extracted(source.version);
  const libraryPath = [binary.libraries, process.env.LD_LIBRARY_PATH].filter(Boolean).join(':');
  return chromium.launch({
    executablePath: binary.path,
    headless: true,
    env: { ...process.env, LD_LIBRARY_PATH: libraryPath },
    // Playwright adds a user data directory of its own, new and removed on close.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--host-resolver-rules=MAP ${foreignSite} 127.0.0.1, MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1`,
    ],
    timeout: 30_000,
  });
}

/** Chromium, driven by playwright-core. */
export const chromiumEngine: Engine = {
  name: 'Chromium',
  async missing() {
    const source = await chromiumSource();
    return source.kind === 'none' ? source.reason : undefined;
  },
  async launch() {
    const browser = await launchChromium(await chromiumSource());
    return {
      version: `Chromium ${browser.version()}`,
      async openPage(url, log) {
        const page = await browser.newPage();
        page.on('console', (message) => log(`${message.type()}: ${message.text()}`));
        page.on('pageerror', (error) => log(`uncaught: ${error.message}`));
        await page.goto(url);
        return { evaluate: (expression) => page.evaluate(expression), close: () => page.close() };
      },
      close: () => browser.close(),
    };
  },
  failedFetch: 'TypeError: Failed to fetch',
  cutBody: /^TypeError: Failed to fetch$/,
};
