import { open } from 'node:fs/promises';
import os from 'node:os';
import { errorFields, log } from '@/lib/logger';
import { runtimeSlot } from '@/lib/runtime';

const CHUNK_BYTES = 1 << 20;

export type PrewarmResult = { bytes: number; ms: number; skipped: string | null };

/**
 * Reads `file` once, front to back, so that the operating system's page cache holds it. A server
 * restarted on a large database otherwise answers its first minutes from random disk reads (writes
 * and the first deep page of each sort are the ones that notice), while one sequential pass takes
 * seconds.
 *
 * The reads run on libuv's thread pool, 1 MiB at a time, so the event loop stays free. Skipped when
 * the file is larger than `maxBytes` (by default half the machine's memory: the cache could not
 * keep it, and the pass would only evict other pages). `isStopped` ends it early (shutdown).
 */
export async function prewarmFile(
  file: string,
  options: { maxBytes?: number; isStopped?: () => boolean } = {},
): Promise<PrewarmResult> {
  const started = performance.now();
  const maxBytes = options.maxBytes ?? os.totalmem() / 2;
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    if (size > maxBytes) return { bytes: 0, ms: 0, skipped: `the file (${size} bytes) is larger than ${Math.floor(maxBytes)} bytes` };
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    let bytes = 0;
    while (bytes < size && !options.isStopped?.()) {
      const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, bytes);
      if (bytesRead === 0) break;
      bytes += bytesRead;
    }
    return { bytes, ms: Math.round(performance.now() - started), skipped: null };
  } finally {
    await handle.close();
  }
}

const prewarm = runtimeSlot<{ stopped: boolean }>('prewarm');

/** Starts the pass in the background (start-up); its outcome goes to the log. */
export function startPrewarm(file: string): void {
  if (file === ':memory:') return;
  const state = { stopped: false };
  prewarm.set(state);
  prewarmFile(file, { isStopped: () => state.stopped }).then(
    (result) =>
      log('info', result.skipped ? `database file not pre-read: ${result.skipped}` : `database file read into the page cache in ${result.ms} ms`, { ...result }),
    (error: unknown) => log('warn', 'database file pre-read failed', errorFields(error)),
  );
}

export function stopPrewarm(): void {
  const state = prewarm.get();
  if (state) state.stopped = true;
}
