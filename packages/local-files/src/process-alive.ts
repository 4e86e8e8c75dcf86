/** Whether a process with this pid exists (signal 0), without child_process: the client asks on every call. */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive but someone else's; it cannot be our daemon either way, but it is not dead.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
