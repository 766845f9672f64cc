/**
 * V8 heap limit for the server process (`npm start` and the benchmark's server). Without it V8
 * grows the old space lazily under load and keeps garbage, and the process's resident size drifts
 * past the 400 MB target; with the cap it stays well below, for somewhat more frequent major GCs.
 * Capping the young generation as well saves little more memory and costs much more throughput, so
 * it is not done. The live heap stays far below the cap (bodies are at most 10 MiB; B3 streams). A
 * caller's own NODE_OPTIONS come after this, so they win.
 */
export const SERVER_V8_FLAGS = '--max-old-space-size=256';

export function serverNodeOptions(existing: string | undefined): string {
  return [SERVER_V8_FLAGS, existing].filter(Boolean).join(' ');
}

/**
 * glibc malloc arenas for the server process. Each thread that allocates (the main thread, the read
 * workers, the checkpoint thread, libuv's pool) otherwise gets an arena of its own, up to 8 per core,
 * and freed memory stays resident in each: with two, the server's peak RSS through the benchmark's
 * sampled and write cases was 336–367 MB against 380–402 MB, throughput within the runs' spread. An
 * operator's own MALLOC_ARENA_MAX wins.
 */
export const SERVER_MALLOC_ARENA_MAX = '2';

/** The environment additions of a server process: heap limits and malloc arenas. */
export function serverProcessEnv(env: Readonly<Record<string, string | undefined>>): { NODE_OPTIONS: string; MALLOC_ARENA_MAX: string } {
  return { NODE_OPTIONS: serverNodeOptions(env.NODE_OPTIONS), MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX || SERVER_MALLOC_ARENA_MAX };
}
