import type { EngineKind } from './transactions';

/**
 * The engine this process runs on: PostgreSQL when DATABASE_URL is set, else SQLite at
 * DATABASE_PATH. Decided once per process — a server, a CLI command and a Vitest run each use one
 * engine (lib/storage/tables.ts picks its table definitions by it).
 */
export function processEngine(): EngineKind {
  return process.env.DATABASE_URL ? 'postgres' : 'sqlite';
}
