import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { transformSync } from 'esbuild';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { type OutputStream, outputRead } from './output-read.js';

/** A stream with `waiting` bytes its reader has not taken; its writes' callbacks wait for `take()`. */
function stream(waiting: number, writable = true) {
  const callbacks: (() => void)[] = [];
  const fake = Object.assign(new EventEmitter(), {
    writableLength: waiting,
    writable,
    write: (_text: string, done: () => void) => {
      callbacks.push(done);
      return false;
    },
    take: () => {
      fake.writableLength = 0;
      for (const done of callbacks.splice(0)) done();
    },
  });
  return fake as typeof fake & OutputStream;
}

/** 'read' once `promise` resolves, else 'waiting' after the turns of the event loop so far. */
async function state(promise: Promise<void>): Promise<string> {
  return Promise.race([
    promise.then(() => 'read'),
    new Promise<string>((resolve) => setImmediate(() => resolve('waiting'))),
  ]);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('outputRead', () => {
  it('resolves at once when nothing waits for a reader, or the stream is closed', async () => {
    expect(await state(outputRead([stream(0), stream(500, false)]))).toBe('read');
  });

  it('waits until every stream with bytes waiting has had them taken, or has closed', async () => {
    const out = stream(100);
    const err = stream(70_000);
    const read = outputRead([out, err]);
    expect(await state(read)).toBe('waiting');
    out.take();
    expect(await state(read)).toBe('waiting');
    err.emit('close');
    expect(await state(read)).toBe('read');
  });

  it('gives up after its time: a reader that never reads does not hold the exit for good', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const read = outputRead([stream(70_000)], 5000);
    vi.advanceTimersByTime(4999);
    expect(await state(read)).toBe('waiting');
    vi.advanceTimersByTime(1);
    expect(await state(read)).toBe('read');
  });

  it("resolves when a real pipe's reader has taken a few KiB queued behind a full pipe (no 'drain' comes for them)", async () => {
    // A child writes until its stdout pipe (and what this process buffers of it) is full, queues
    // 6 KiB more (under the 16 KiB after which a write asks for 'drain'), then waits with outputRead
    // for up to 10 minutes: only a resolve that follows the read lets it exit within the test's time.
    // This module as JavaScript (it imports nothing at run time), for a plain node child.
    const source = readFileSync(new URL('./output-read.ts', import.meta.url), 'utf8');
    const program = `${transformSync(source, { loader: 'ts', format: 'esm' }).code}
      let written = 0;
      while (process.stdout.writableLength === 0) {
        process.stdout.write('x'.repeat(1024));
        written += 1024;
      }
      process.stdout.write('y'.repeat(6 * 1024));
      written += 6 * 1024;
      process.stderr.write(written + ' ' + (process.stdout.writableLength < 16 * 1024) + '\\n');
      await outputRead([process.stdout], 600_000);
      process.stderr.write('read\\n');
      process.exit(0);
    `;
    const child = spawn(process.execPath, ['--input-type=module', '--eval', program], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    onTestFinished(() => {
      child.kill();
    });
    let err = '';
    child.stderr.on('data', (chunk) => {
      err += chunk;
    });
    // Read stdout only once the child has queued its last write behind the full pipe (or has died).
    while (!err.includes('\n') && child.exitCode === null) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const [written, small] = err.trim().split(' ');
    expect(small).toBe('true');
    let out = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.length;
    });
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(err.split('\n')[1]).toBe('read');
    expect(out).toBe(Number(written));
    expect(code).toBe(0);
  }, 60_000);
});
