import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type OutputStream, outputRead } from './output-read.js';

/** A stream with `waiting` bytes its reader has not taken. */
function stream(waiting: number, writable = true) {
  return Object.assign(new EventEmitter(), { writableLength: waiting, writable }) as EventEmitter &
    OutputStream & { writableLength: number };
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

  it('waits until every stream with bytes waiting has drained or closed', async () => {
    const out = stream(100);
    const err = stream(70_000);
    const read = outputRead([out, err]);
    expect(await state(read)).toBe('waiting');
    out.emit('drain');
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
});
