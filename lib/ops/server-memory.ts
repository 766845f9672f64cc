/**
 * V8 heap limits for the server process (`npm start` and the benchmark's server). Without them V8
 * grows the heap lazily under load and keeps garbage: measured on the 1M-row bench database, the
 * main process reached ~400 MB resident after a few seconds of 10-connection load (~380 MB with
 * the read workers off), and 238 MB with these limits, at about the same request rate. The live
 * heap stays far below the cap (bodies are at most 10 MiB; B3 streams). A caller's own
 * NODE_OPTIONS come after these, so they win.
 */
export const SERVER_V8_FLAGS = '--max-old-space-size=256 --max-semi-space-size=4';

export function serverNodeOptions(existing: string | undefined): string {
  return [SERVER_V8_FLAGS, existing].filter(Boolean).join(' ');
}
