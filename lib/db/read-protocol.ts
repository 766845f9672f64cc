import type { WireError } from './read-errors';

/** Main thread → read worker: run service `name` with `args` (after the connection). */
export type ReadRequest = { id: number; name: string; args: unknown[] };

/** Read worker → main thread. */
export type ReadReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: WireError };

/** What a worker is started with (`workerData`). */
export type ReadWorkerData = { file: string };
