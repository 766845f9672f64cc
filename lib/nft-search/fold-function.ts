import type Database from 'better-sqlite3';

/** Name of the SQL function that folds case the way JavaScript does (SQLite's lower() is ASCII-only). */
export const FOLD = 'cl2c_fold';

const registered = new WeakSet<object>();

/**
 * Registers `cl2c_fold(x)` (JavaScript `toLowerCase`, NULL stays NULL) on a connection, once.
 * The triggers that keep `nfts.name_fold` / `nfts.contract_name_fold` exact call it, so every
 * connection that may write `nfts` or `smart_contracts` needs it: db/client.ts registers it before
 * migrating; `db reindex` / `db check` register it on the connection they are given.
 */
export function registerFold(sqlite: Database.Database) {
  if (registered.has(sqlite)) return;
  sqlite.function(FOLD, { deterministic: true }, (value: string | number | bigint | Buffer | null) =>
    value === null ? null : String(value).toLowerCase(),
  );
  registered.add(sqlite);
}
