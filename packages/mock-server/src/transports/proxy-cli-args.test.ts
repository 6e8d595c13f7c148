import { describe, expect, it } from 'vitest';
import { UsageError } from './cli-args.js';
import { PROXY_USAGE, parseProxyCli } from './proxy-cli-args.js';

const UPSTREAM = 'https://staging.example.test';

describe('parseProxyCli', () => {
  it('reads --upstream-timeout-ms, default 60000, and refuses a value that is not a whole number >= 1', () => {
    expect(parseProxyCli([UPSTREAM]).upstreamTimeoutMs).toBe(60_000);
    expect(parseProxyCli([UPSTREAM, '--upstream-timeout-ms', '2500']).upstreamTimeoutMs).toBe(2500);
    for (const bad of ['0', '-1', '1.5', 'soon', '']) {
      expect(() => parseProxyCli([UPSTREAM, `--upstream-timeout-ms=${bad}`])).toThrow(
        new UsageError(
          `--upstream-timeout-ms: must be a whole number of milliseconds >= 1, not "${bad}"`,
        ),
      );
    }
    expect(parseProxyCli([UPSTREAM, '--upstream-timeout-ms', '2147483647']).upstreamTimeoutMs).toBe(
      2 ** 31 - 1,
    );
    expect(() => parseProxyCli([UPSTREAM, '--upstream-timeout-ms', '3000000000'])).toThrow(
      new UsageError(
        '--upstream-timeout-ms: must be at most 2147483647 (about 24.8 days, the longest timer), not "3000000000"',
      ),
    );
  });
});

describe('parseProxyCli --help and --version, as the mock CLI reads them', () => {
  it('takes --version or --help without an upstream URL, and lists both in its help', () => {
    // `proxy --version` was 'Unknown option', where the mock's --version answers.
    expect(parseProxyCli(['--version']).version).toBe(true);
    expect(parseProxyCli(['--help']).help).toBe(true);
    expect(parseProxyCli([UPSTREAM]).version).toBe(false);
    expect(PROXY_USAGE).toMatch(
      /\n {2}-h, --help +print this help\n {2}--version +print the version\n/,
    );
  });
});

describe('parseProxyCli refusals, read as the mock CLI reads them', () => {
  it('names the flag an unknown one is a slip for', () => {
    expect(() => parseProxyCli([UPSTREAM, '--prot', '4011'])).toThrow(
      new UsageError("Unknown option '--prot'; did you mean --port?"),
    );
  });

  it("says an unknown flag without Node's advice on positionals starting with '-' (the URL never does)", () => {
    expect(() => parseProxyCli([UPSTREAM, '--bogus'])).toThrow(
      new UsageError("Unknown option '--bogus'"),
    );
    expect(() => parseProxyCli([UPSTREAM, '-x'])).toThrow(new UsageError("Unknown option '-x'"));
  });

  it('refuses an empty or bracketed --host as the mock does, a bad flag rather than a failed listen', () => {
    expect(() => parseProxyCli([UPSTREAM, '--host', ''])).toThrow(
      new UsageError(
        '--host: must be a host name or IP address (127.0.0.1, 0.0.0.0, ::1, localhost), not ""',
      ),
    );
    expect(() => parseProxyCli([UPSTREAM, '--host', '[::1]'])).toThrow(/without brackets/);
  });

  it('keeps a refusal on one line when the value it quotes holds a line break', () => {
    expect(() => parseProxyCli([UPSTREAM, '--port', '1\n2'])).toThrow(
      new UsageError('--port: must be an integer from 0 to 65535, not "1\\n2"'),
    );
  });

  it('takes a negative value after its flag as the value it refuses', () => {
    expect(() => parseProxyCli([UPSTREAM, '--upstream-timeout-ms', '-5'])).toThrow(
      new UsageError(
        '--upstream-timeout-ms: must be a whole number of milliseconds >= 1, not "-5"',
      ),
    );
    expect(() => parseProxyCli([UPSTREAM, '--port', '-1'])).toThrow(
      new UsageError('--port: must be an integer from 0 to 65535, not "-1"'),
    );
  });
});

describe('parseProxyCli and an upstream that is the proxy itself', () => {
  it('refuses it: every request would be forwarded to itself until memory runs out', () => {
    // `proxy http://127.0.0.1:4011` (the proxy's default port, not the mock's 4010) sent one GET
    // round itself some 10 000 times in 10 s, holding 600 MB, each round a violation.
    for (const argv of [
      ['http://127.0.0.1:4011'],
      ['http://localhost:4011/platform'],
      ['http://127.0.0.1', '--port', '80'],
      ['http://[::1]:5000', '--host', '::1', '--port', '5000'],
      ['http://127.0.0.1:5000', '--host', '0.0.0.0', '--port', '5000'],
      ['http://[::1]:5000', '--host', '::', '--port', '5000'],
      ['http://0.0.0.0:4011'],
      ['http://LOCALHOST:5000', '--host', '::1', '--port', '5000'],
    ]) {
      expect(() => parseProxyCli(argv), argv.join(' ')).toThrow(
        /^upstream: http:\/\/\S+ is this proxy's own address \(--host \S+ --port \d+\)/,
      );
    }
  });

  it('takes another port, another host, https, and --port 0', () => {
    for (const argv of [
      ['http://127.0.0.1:4010'],
      ['http://127.0.0.1:4011', '--port', '0'],
      ['http://staging.example.test:4011'],
      ['https://127.0.0.1:4011'],
      ['http://[::1]:4011'],
      ['http://[::1]:5000', '--host', '0.0.0.0', '--port', '5000'],
      ['http://127.0.0.2:4011'],
    ]) {
      expect(parseProxyCli(argv).upstream, argv.join(' ')).toBe(argv[0]);
    }
  });
});
