/**
 * `work`, or a rejection with `Error('timeout')` after `ms` (the timer never keeps the process
 * alive). For health checks that must answer even when a dependency hangs. Imports nothing, so
 * every layer may use it.
 */
export function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    work,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref()),
  ]);
}
