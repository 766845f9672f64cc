/**
 * The PostgreSQL run (vitest.config.ts, project "postgres") is the whole Vitest suite again, each
 * test file on a fresh PostgreSQL database as DATABASE_URL (test/setup-env.ts), so `getStore()` and
 * lib/storage/tables.ts are PostgreSQL's — except the files below, which run in the "sqlite" project only.
 * Every entry says why; a file leaves this list when its reason is gone.
 */
export const sqliteOnly = [
  // The SQLite engine's own machinery: its query modules, FTS5, plans, group commit, read
  // workers, checkpoints, statement caches, file modes, the online backup API, migrating old files,
  // the SQLite mail queue's crash recovery, query plans and the synchronous twins.
  'lib/storage/sqlite/**',
  'db/migrate-existing.test.ts',
  'lib/ops/file-modes.test.ts',
  'lib/ops/backup.test.ts',
  'lib/mail/reconcile.test.ts',
  'lib/members/search-plan.test.ts',
  'lib/storage/pending-invitations.test.ts',
  'lib/users/registration-sync.test.ts',
  'lib/chain/sequence.test.ts',
  // PostgreSQL's engine tests and the cross-engine comparisons start or open PostgreSQL themselves
  // (and compare it with SQLite): once is enough.
  'lib/storage/postgres/**',
  'db/schema-pg.test.ts',
];
