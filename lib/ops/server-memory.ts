/**
 * V8 heap limit for the server process (`npm start` and the benchmark's server). Without it V8
 * grows the old space lazily under load and keeps garbage: measured on the 1M-row bench database
 * after 12 s of 10-connection load, the process sat at 376–418 MB resident (~380 MB with the read
 * workers off), and at 252 MB with the cap, for ~10% fewer requests per second on the cheapest
 * request (more frequent major GCs). Also capping the young generation (semi-space 4 MB) gave
 * 229 MB but cost ~25%, so it is not used. The live heap stays far below the cap (bodies are at
 * most 10 MiB; B3 streams). A caller's own NODE_OPTIONS come after this, so they win.
 */
export const SERVER_V8_FLAGS = '--max-old-space-size=256';

export function serverNodeOptions(existing: string | undefined): string {
  return [SERVER_V8_FLAGS, existing].filter(Boolean).join(' ');
}
