/**
 * A transaction that reads, then writes (a worker's claim, an answer recorded): the write lock is
 * taken first (BEGIN IMMEDIATE), as the group commit does (lib/storage/sqlite/connection/commit-group.ts). With a second
 * process on the file (the CLI while the server runs), a deferred one that read before the other
 * committed could not upgrade its snapshot and failed at once ("database is locked"); an immediate
 * one waits within busy_timeout. lib/storage/sqlite/claims-immediate.test.ts.
 */
export const IMMEDIATE = { behavior: 'immediate' } as const;
