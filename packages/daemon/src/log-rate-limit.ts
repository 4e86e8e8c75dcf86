export interface RateLimit {
  linesPerWindow: number;
  windowMs: number;
  now?: () => number;
}

/**
 * Wraps a log writer so that outside traffic (refused requests, say) cannot flood the log: at most
 * `linesPerWindow` lines per window; the rest are counted and reported as one line with the next
 * line written after the window ends.
 */
export function rateLimited(write: (line: string) => void, limit: RateLimit): (line: string) => void {
  const now = limit.now ?? Date.now;
  let windowStart = now();
  let written = 0;
  let heldBack = 0;
  return (line) => {
    if (now() - windowStart >= limit.windowMs) {
      if (heldBack > 0)
        write(
          `${heldBack} more lines like these were not logged (at most ${limit.linesPerWindow} per ${limit.windowMs / 1000} s)`,
        );
      windowStart = now();
      written = 0;
      heldBack = 0;
    }
    if (written < limit.linesPerWindow) {
      written++;
      write(line);
    } else {
      heldBack++;
    }
  };
}
