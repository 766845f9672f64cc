import type { WireError } from './read-errors';

/** Main thread → read worker: run service `name` with `args` (after the connection). */
export type ReadRequest = { id: number; name: string; args: unknown[] };

/** Read worker → main thread. */
export type ReadReply = { id: number; ok: true; value: unknown; countCached: boolean } | { id: number; ok: false; error: WireError };

/** What a read worker is started with (`workerData`); `nice`: its thread's nice value (0 = unchanged). */
export type ReadWorkerData = { file: string; role?: 'read'; nice?: number };

/** What the checkpoint thread is started with (lib/storage/sqlite/connection/checkpointer.ts). */
export type CheckpointWorkerData = { file: string; role: 'checkpoint'; intervalMs?: number; nice?: number };

export type WorkerData = ReadWorkerData | CheckpointWorkerData;
