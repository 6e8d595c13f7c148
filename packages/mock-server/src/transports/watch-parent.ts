/**
 * The parent as this module is loaded, the CLI's first moment: read later (once the server listens),
 * a parent gone while the server was binding had left it adopted by init, which then passed for it.
 */
const parentAtLoad = process.ppid;

/**
 * Calls `gone` once, when the process that started this one (`parent`, by default the one at load)
 * has exited: the parent's id changed (POSIX adopts an orphan) or no process has it any more
 * (Windows does not re-parent). Checked every `everyMs`; the timer holds nothing open. Returns a
 * function that stops watching.
 */
export function watchParent(gone: () => void, everyMs = 250, parent = parentAtLoad): () => void {
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
