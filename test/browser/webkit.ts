import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { freePort } from '../support/free-port.js';
import type { Engine, EngineBrowser, EnginePage } from './engine.js';
import { type LoopbackProxy, startLoopbackProxy } from './loopback-proxy.js';

// WebKit as Debian ships it (apt-get install webkit2gtk-driver, and xvfb: WebKitGTK's MiniBrowser
// has no headless mode), driven over classic WebDriver by WebKitWebDriver, with plain fetch calls:
// Playwright's WebKit is a patched build that only Playwright's own download gives. WebKitGTK is
// Safari's engine (JavaScriptCore, its fetch and WebCrypto), not Safari's network stack.
const debianPath = '/usr/bin/WebKitWebDriver';

/** The WebKitWebDriver the tests run: `WEBKIT_DRIVER_PATH`, else Debian's. */
const driverPath = () => process.env.WEBKIT_DRIVER_PATH || debianPath;

/** Whether a display is there: else the driver runs under xvfb-run. */
const hasDisplay = () => Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);

/**
 * One WebDriver command: its `value`, or a thrown error with the driver's message; a command left
 * unanswered fails after 150 s (past the script timeout, 120 s).
 */
async function command(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  timeoutMs = 150_000,
) {
  const response = await fetch(base + path, {
    method,
    signal: AbortSignal.timeout(timeoutMs),
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const { value } = (await response.json()) as { value: Record<string, unknown> | null };
  if (!response.ok) throw new Error(`WebDriver ${method} ${path}: ${JSON.stringify(value)}`);
  return value;
}

/** The driver at `base` answering /status, after it starts; rejects after 20 s. */
async function ready(base: string, driver: ChildProcess, output: () => string): Promise<void> {
  for (let waited = 0; waited < 20_000; waited += 100) {
    if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited:\n${output()}`);
    const up = await fetch(`${base}/status`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`WebKitWebDriver did not answer within 20 s:\n${output()}`);
}

// The page's promise, handed to the driver's callback as JSON (what WebDriver can carry).
const asyncScript = `const done = arguments[arguments.length - 1];
Promise.resolve(eval(arguments[0])).then(
  (value) => done({ json: JSON.stringify(value) }),
  (error) => done({ error: String(error) }),
);`;

/** A WebKitWebDriver running, under xvfb-run when there is no display. */
interface Driver {
  base: string;
  /** What it printed so far. */
  output(): string;
  stop(): void;
}

/** Starts WebKitWebDriver at `path` on a free port, and waits until it answers. */
async function startDriver(path: string): Promise<Driver> {
  const port = await freePort();
  const driverArgs = [`--port=${port}`, '--host=127.0.0.1'];
  const child = hasDisplay()
    ? spawn(path, driverArgs, { stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    : spawn('xvfb-run', ['-a', path, ...driverArgs], {
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  const driver = {
    base: `http://127.0.0.1:${port}`,
    output: () => output,
    // xvfb-run's shell, Xvfb, the driver and its browser: the process group that `detached` made.
    stop: () => {
      try {
        if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGTERM');
      } catch {
        // ESRCH: the group is gone already (its leader exited, the rest with it).
      }
    },
  };
  try {
    await ready(driver.base, child, driver.output);
  } catch (error) {
    driver.stop();
    throw error;
  }
  return driver;
}

/**
 * A new session of MiniBrowser from a new driver, its requests for `foreignSite` through `proxy`.
 * Three drivers at most: now and then (3 of some 20 launches, on a loaded 2-core machine, never
 * alone) WebKitWebDriver starts no MiniBrowser and leaves the new session unanswered; a new
 * driver then starts one. A driver that does not start is tried again too: `xvfb-run -a` picks a
 * display number another run may take first (two runs at once), and its Xvfb then fails.
 */
async function startSession(path: string, proxy: LoopbackProxy) {
  const failures: string[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    let driver: Driver | undefined;
    try {
      driver = await startDriver(path);
      const session = await command(
        driver.base,
        'POST',
        '/session',
        {
          capabilities: {
            alwaysMatch: {
              'webkitgtk:browserOptions': { args: ['--automation'] },
              proxy: {
                proxyType: 'manual',
                httpProxy: proxy.address,
                noProxy: ['127.0.0.1', 'localhost'],
              },
            },
          },
        },
        20_000,
      );
      return { driver, session };
    } catch (error) {
      // startDriver stops a driver that did not start, and its error holds what it said.
      driver?.stop();
      failures.push(
        driver ? `${error}; the driver said: ${driver.output() || 'nothing'}` : `${error}`,
      );
    }
  }
  throw new Error(`no WebKit session from 3 drivers:\n${failures.join('\n')}`);
}

/**
 * Starts WebKitWebDriver at `path` and a session of MiniBrowser whose requests for `foreignSite`
 * go through a loopback proxy (WebKitGTK has no host-resolver rules); nothing reaches beyond this
 * machine.
 */
async function launchWebKit(path: string): Promise<EngineBrowser> {
  const proxy = await startLoopbackProxy();
  let driver: Driver | undefined;
  const stop = async () => {
    driver?.stop();
    await proxy.close();
  };
  try {
    const started = await startSession(path, proxy);
    driver = started.driver;
    const { base } = driver;
    const { session } = started;
    const id = session?.sessionId as string;
    const capabilities = session?.capabilities as { browserName: string; browserVersion: string };
    const at = (suffix: string) => `/session/${id}${suffix}`;
    await command(base, 'POST', at('/timeouts'), { script: 120_000, pageLoad: 30_000 });
    let first = true;
    return {
      version: `WebKitGTK ${capabilities.browserVersion} (${capabilities.browserName})`,
      async openPage(url) {
        // The session's first window is the first page; any later one a new tab.
        const handle = first
          ? ((await command(base, 'GET', at('/window'))) as unknown as string)
          : ((await command(base, 'POST', at('/window/new'), { type: 'tab' }))?.handle as string);
        first = false;
        const focus = () => command(base, 'POST', at('/window'), { handle });
        await focus();
        await command(base, 'POST', at('/url'), { url });
        const page: EnginePage = {
          async evaluate(expression) {
            await focus();
            const outcome = (await command(base, 'POST', at('/execute/async'), {
              script: asyncScript,
              args: [expression],
            })) as { json?: string; error?: string };
            if (outcome.error !== undefined) throw new Error(outcome.error);
            return outcome.json === undefined ? undefined : JSON.parse(outcome.json);
          },
          async close() {
            await focus();
            // The session's current window is then none: back to the first, which stays open.
            const [main] = (await command(base, 'DELETE', at('/window'))) as unknown as string[];
            if (main) await command(base, 'POST', at('/window'), { handle: main });
          },
        };
        return page;
      },
      async close() {
        await command(base, 'DELETE', at('')).catch(() => {});
        await stop();
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** WebKitGTK's MiniBrowser, driven over WebDriver by WebKitWebDriver. */
export const webkitEngine: Engine = {
  name: 'WebKit',
  async missing() {
    const path = driverPath();
    if (!existsSync(path)) {
      return `no WebKitWebDriver at ${path}: apt-get install webkit2gtk-driver, or set WEBKIT_DRIVER_PATH`;
    }
    if (!hasDisplay() && !existsSync('/usr/bin/xvfb-run')) {
      return 'no display, and no xvfb-run to make one: apt-get install xvfb xauth';
    }
    return undefined;
  },
  launch: () => launchWebKit(driverPath()),
  failedFetch: 'TypeError: Load failed',
  // WebKit's own message says TypeError twice, most times.
  cutBody: /^TypeError: (TypeError: )?Load failed$/,
};
