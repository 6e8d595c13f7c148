/**
 * Calls `gone` once, when the process that started this one has exited: the parent's id changed
 * (POSIX adopts an orphan) or no process has it any more (Windows does not re-parent). Checked every
 * `everyMs`; the timer holds nothing open. Returns a function that stops watching.
 */
export function watchParent(gone: () => void, everyMs = 250): () => void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent && exists(parent)) return;
    clearInterval(timer);
    gone();
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Whether a process has this id (signal 0 checks without sending; EPERM: it exists, not ours). */
function exists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
}
