import type { LogStream } from './request-log-line.js';

/** The most an exit waits for stdout and stderr to be read (the grace a signal's close has, too). */
export const OUTPUT_DRAIN_MS = 5000;

/** A stream an exit waits for, as process.stdout and process.stderr are. */
export interface OutputStream extends Pick<LogStream, 'writableLength' | 'writable'> {
  /** Queues `text`; `done` is called once it, and so every write before it, is taken. */
  write(text: string, done: (error?: Error | null) => void): boolean;
  once(event: 'close', listener: () => void): unknown;
}

/**
 * Resolves once the readers of `streams` have taken what was written to them, or after `ms`: a
 * write to a pipe its reader has not emptied waits in the process, and process.exit drops it (a log
 * piped to Python's communicate(), read only once the server was signalled, kept its first 64 KiB,
 * and the warning counting what was lost never came). An empty write's callback says when: 'drain'
 * comes only after a write that found 16 KiB queued, so a few KiB behind a full pipe never had one.
 * A reader that never reads holds an exit `ms` at most, and only while something waits for it.
 */
export function outputRead(streams: readonly OutputStream[], ms = OUTPUT_DRAIN_MS): Promise<void> {
  const waiting = streams.filter((stream) => stream.writable && stream.writableLength > 0);
  if (waiting.length === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    let left = waiting.length;
    for (const stream of waiting) {
      let once = false;
      // Taken, or the stream failed (EPIPE) or closed: nothing more to wait for on it.
      const end = () => {
        if (once) return;
        once = true;
        if (--left === 0) {
          clearTimeout(timer);
          resolve();
        }
      };
      stream.write('', end);
      stream.once('close', end);
    }
  });
}
