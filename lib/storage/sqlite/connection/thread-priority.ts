import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * The kernel's id of the calling thread (Linux: `/proc/thread-self` links to `<pid>/task/<tid>`),
 * or null where there is no such link. A synchronous readlink runs on the calling thread, so a
 * worker thread gets its own id, not the process's.
 */
export function currentThreadId(): number | null {
  try {
    const match = /\/task\/(\d+)$/.exec(readlinkSync('/proc/thread-self'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/**
 * Gives the calling thread a nice value of at least `nice` (0–19; higher = less CPU when threads
 * compete), leaving the process's other threads as they are: on Linux each thread is a task with
 * its own priority, which setpriority(2) sets when given the thread's id. Raising one's own nice
 * needs no privilege. Returns the thread's nice value afterwards, or null where it could not be
 * set (not Linux); the thread then runs at the process's priority, which is only slower for others.
 */
export function lowerThreadPriority(nice: number): number | null {
  const tid = currentThreadId();
  if (tid === null) return null;
  try {
    if (getPriority(tid) < nice) setPriority(tid, nice);
    return getPriority(tid);
  } catch {
    return null;
  }
}
