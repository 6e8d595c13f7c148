import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { parseCli, UsageError } from './cli-args.js';

// The seed file's decoding, apart from the CLI's process tests (test/cli.test.ts): a file past the
// longest string Node holds (over 512 MiB) cannot be made here, so the decoder is made to fail as
// it then does.

const dirs: string[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function seedFile(bytes: Uint8Array): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'cli-args-'));
  dirs.push(dir);
  const path = join(dir, 'state.json');
  await writeFile(path, bytes);
  return path;
}

it('says a seed file too long for one string is too large, not that it is not UTF-8', async () => {
  // It said `is not UTF-8 text` of a 540 MiB file of ASCII.
  const path = await seedFile(new TextEncoder().encode('{}'));
  vi.spyOn(TextDecoder.prototype, 'decode').mockImplementation(() => {
    throw Object.assign(new Error('Cannot create a string longer than 0x1fffffe8 characters'), {
      code: 'ERR_STRING_TOO_LONG',
    });
  });
  expect(() => parseCli(['--seed', path])).toThrow(
    new UsageError(
      `--seed: ${path} is 2 bytes, longer than Node can hold as one string (about 512 MiB): no state the mock serves is that large`,
    ),
  );
});

it('still says bytes that are not UTF-8 are not', async () => {
  const path = await seedFile(new Uint8Array([0x7b, 0xe9, 0x7d]));
  expect(() => parseCli(['--seed', path])).toThrow(
    new UsageError(`--seed: ${path} is not UTF-8 text; save it as UTF-8`),
  );
});

it('names the range of --rate-limit, past which a number is no whole number JavaScript holds', () => {
  // It said `(>= 1)` of 9007199254740993, which is.
  for (const flag of ['0', '9007199254740992', '1.5', 'fast']) {
    expect(() => parseCli(['--rate-limit', flag])).toThrow(
      new UsageError(
        `--rate-limit: must be a whole number of requests per minute from 1 to 9007199254740991, or off, not "${flag}"`,
      ),
    );
  }
  expect(parseCli(['--rate-limit', '9007199254740991']).options.rateLimit).toMatchObject({
    limit: 9007199254740991,
  });
});

it('takes --journal-size for a server many suites share (in-process, journalSize), and names its range', () => {
  // A shared server kept 1000 requests in all: one suite's own, read by ?key_id=, were pushed out
  // by the others' within seconds, and the CLI had no way to keep more.
  expect(parseCli(['--journal-size', '50000']).options.journalSize).toBe(50_000);
  expect(parseCli(['--journal-size', '0']).options.journalSize).toBe(0);
  expect(parseCli([]).options).not.toHaveProperty('journalSize');
  for (const flag of ['1000001', '-1', '1e4', 'lots', '']) {
    expect(() => parseCli(['--journal-size', flag])).toThrow(
      new UsageError(`--journal-size: must be an integer from 0 to 1000000, not "${flag}"`),
    );
  }
});
