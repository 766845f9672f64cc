import type { Column } from 'drizzle-orm';

/**
 * Types that a dispatcher in lib/storage/ and its engine modules under sqlite/ and postgres/ both
 * name: here, below both, so that an engine module never imports its dispatcher.
 */

/** One dependency's state as /api/ready reports it. Never a URL, path or credential. */
export type CheckState = { status: 'ok' | 'error' | 'not_configured' | 'warning'; detail?: string };

/**
 * What /api/ready says about the storage (issue 29): the database takes writes, every migration of
 * this release is applied, and where the request budgets are counted.
 */
export type StorageHealth = { database: CheckState; migrations: CheckState; limits: CheckState };

/** A freshly sent PENDING invitation (A13), as lib/storage/invitation-insert.ts writes it. */
export type NewInvitation = { id: string; email: string; phone: string | null; tokenHash: string; expiresAt: Date };

/** Rows of one shape as lib/storage/row-batch.ts inserts them: the columns, in order, and each row's values as the engine's driver takes them. */
export type RowBatch = { columns: Column[]; values: unknown[][] };

/**
 * One request budget: `points` per `duration` seconds per key, its keys prefixed with `keyPrefix`.
 * `fastCommit`: a count the engine may lose at a crash of the database server (its last fraction of
 * a second), committed without waiting for the disk — the per-request API budgets; never a sign-in
 * guard's attempts or locks (lib/storage/postgres/rate-limits.ts fastCommitPool).
 */
export type Budget = { keyPrefix: string; points: number; duration: number; fastCommit?: boolean };
