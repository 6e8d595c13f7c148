import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchParent } from './watch-parent.js';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('watchParent', () => {
  it('calls back once when the parent id changes (POSIX adopts an orphan), and not before', async () => {
    vi.useFakeTimers();
    const original = process.ppid;
    let ppid = original;
    vi.spyOn(process, 'ppid', 'get').mockImplementation(() => ppid);
    const gone = vi.fn();
    watchParent(gone, 250);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(gone).not.toHaveBeenCalled();
    ppid = 1;
    await vi.advanceTimersByTimeAsync(250);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(gone).toHaveBeenCalledTimes(1);
  });

  it('calls back at the first check when the parent given (read as the process started) is gone already', async () => {
    // The CLI reads its parent first thing: one that died while the server was still binding had
    // left it adopted by init before watchParent read process.ppid, which then looked like the parent.
    vi.useFakeTimers();
    const gone = vi.fn();
    watchParent(gone, 250, process.ppid + 1_000_000);
    await vi.advanceTimersByTimeAsync(250);
    expect(gone).toHaveBeenCalledTimes(1);
  });

  it('calls back when no process has the parent id any more (Windows keeps the id)', async () => {
    vi.useFakeTimers();
    let exists = true;
    vi.spyOn(process, 'kill').mockImplementation((() => {
      if (exists) return true;
      throw Object.assign(new Error('kill ESRCH'), { code: 'ESRCH' });
    }) as typeof process.kill);
    const gone = vi.fn();
    watchParent(gone, 250);
    await vi.advanceTimersByTimeAsync(500);
    expect(gone).not.toHaveBeenCalled();
    exists = false;
    await vi.advanceTimersByTimeAsync(250);
    expect(gone).toHaveBeenCalledTimes(1);
  });

  it('takes a parent it may not signal (EPERM) as alive, and stops watching when asked', async () => {
    vi.useFakeTimers();
    vi.spyOn(process, 'kill').mockImplementation((() => {
      throw Object.assign(new Error('kill EPERM'), { code: 'EPERM' });
    }) as typeof process.kill);
    const gone = vi.fn();
    const stop = watchParent(gone, 250);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(gone).not.toHaveBeenCalled();
    stop();
    vi.spyOn(process, 'ppid', 'get').mockReturnValue(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(gone).not.toHaveBeenCalled();
  });
});
