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
