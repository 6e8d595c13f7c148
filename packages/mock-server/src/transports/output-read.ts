/** The most an exit waits for stdout and stderr to be read (the grace a signal's close has, too). */
export const OUTPUT_DRAIN_MS = 5000;

/** A stream an exit waits for, as process.stdout and process.stderr are. */
export interface OutputStream {
  /** Bytes written but not yet taken by the reader. */
  readonly writableLength: number;
  /** False once the stream is closed (its reader gone: EPIPE). */
  readonly writable: boolean;
  once(event: 'drain' | 'close', listener: () => void): unknown;
}

/**
 * Resolves once the readers of `streams` have taken what was written to them, or after `ms`: a
 * write to a pipe its reader has not emptied waits in the process, and process.exit drops it (a log
 * piped to Python's communicate(), read only once the server was signalled, kept its first 64 KiB,
 * and the warning counting what was lost never came). A reader that never reads holds an exit
 * `ms` at most, and only while something waits for it.
 */
export function outputRead(streams: readonly OutputStream[], ms = OUTPUT_DRAIN_MS): Promise<void> {
  const waiting = streams.filter((stream) => stream.writable && stream.writableLength > 0);
  if (waiting.length === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    let left = waiting.length;
    const done = () => {
      if (--left === 0) {
        clearTimeout(timer);
        resolve();
      }
    };
    for (const stream of waiting) {
      let once = false;
      const end = () => {
        if (once) return;
        once = true;
        done();
      };
      stream.once('drain', end);
      stream.once('close', end);
    }
  });
}
