import type Database from 'better-sqlite3';
import { computeAsciiFoldingChars } from './fold-check';
import { b1Grams, shortGrams } from './grams';

/** Name of the SQL function that folds case the way JavaScript does (SQLite's lower() is ASCII-only). */
export const FOLD = 'cl2c_fold';

/**
 * Name of the SQL function telling whether any of its text arguments holds a character some fold
 * turns into ASCII (lib/storage/sqlite/fold-check.ts computeAsciiFoldingChars). The engine stores it per NFT
 * (`nfts.fold_unsafe`, ./derived-writes.ts) and triggers count such NFTs per organization
 * (`nfts:fold_unsafe`, db/migrations/0019_no_js_triggers.sql); where
 * there are none, an ASCII term's exact total can be read off the trigram index alone
 * (lib/storage/sqlite/search/fts-count.ts).
 */
export const FOLD_UNSAFE = 'cl2c_fold_unsafe';

/** Name of the SQL function giving the short-term index's tokens of its text arguments (lib/storage/sqlite/grams.ts). */
export const SHORT_GRAMS = 'cl2c_short_grams';

/** Name of the SQL function giving B1's short-term index tokens of its text arguments (lib/storage/sqlite/grams.ts b1Grams). */
export const B1_GRAMS = 'cl2c_b1_grams';

let unsafeChars: RegExp | undefined;
function unsafePattern(): RegExp {
  unsafeChars ??= new RegExp(`[${[...computeAsciiFoldingChars()].map((c) => `\\u{${c.codePointAt(0)!.toString(16)}}`).join('')}]`, 'u');
  return unsafeChars;
}

/** Whether `text` holds a character some fold turns into ASCII (see FOLD_UNSAFE). */
export function hasAsciiFoldingChar(text: string): boolean {
  return unsafePattern().test(text);
}

const registered = new WeakSet<object>();

/**
 * Registers `cl2c_fold(x)` (JavaScript `toLowerCase`, NULL stays NULL), `cl2c_fold_unsafe(…)`,
 * `cl2c_short_grams(…)` and `cl2c_b1_grams(…)` on a connection, once. No trigger or view calls
 * them (migration 0019): only statements the app itself runs do — the SQLite engine's derived
 * writes (./derived-writes.ts), `db reindex` / `db check`, B1's folded comparisons, and the
 * backfills of migrations 0010–0019 (lib/storage/sqlite/client.ts registers them before migrating). A row any
 * other tool writes never needs them.
 */
export function registerFold(sqlite: Database.Database) {
  if (registered.has(sqlite)) return;
  sqlite.function(FOLD, { deterministic: true }, (value: string | number | bigint | Buffer | null) =>
    value === null ? null : String(value).toLowerCase(),
  );
  sqlite.function(FOLD_UNSAFE, { deterministic: true, varargs: true }, (...values: unknown[]) =>
    values.some((v) => typeof v === 'string' && hasAsciiFoldingChar(v)) ? 1 : 0,
  );
  sqlite.function(SHORT_GRAMS, { deterministic: true, varargs: true }, (...values: unknown[]) => shortGrams(...values));
  sqlite.function(B1_GRAMS, { deterministic: true, varargs: true }, (...values: unknown[]) => b1Grams(...values));
  registered.add(sqlite);
}
