import type Database from 'better-sqlite3';
import { FOLD, registerFold } from './fold-function';

/**
 * The stored folds of B1 (`nfts.name_fold`, `nfts.contract_name_fold`) as SQL over the base tables —
 * the same expressions the triggers of db/migrations/*_b1_fold_triggers.sql evaluate. `db reindex`
 * writes them, `db check` compares them (lib/search/maintenance.ts calls both).
 */
export const nameFoldSql = `${FOLD}(nfts.name)`;
export const contractNameFoldSql = `coalesce((SELECT ${FOLD}(c.name) FROM smart_contracts c WHERE c.id = nfts.smart_contract_id), '')`;

const stale = `name_fold IS NOT ${nameFoldSql} OR contract_name_fold IS NOT ${contractNameFoldSql}`;

/** Recomputes every stale fold (inside the caller's transaction). */
export function rebuildFolds(sqlite: Database.Database) {
  registerFold(sqlite);
  sqlite.prepare(`UPDATE nfts SET name_fold = ${nameFoldSql}, contract_name_fold = ${contractNameFoldSql} WHERE ${stale}`).run();
}

/** Reports every NFT whose stored folds differ from a recomputation. */
export function checkFolds(sqlite: Database.Database, add: (problem: string) => void) {
  registerFold(sqlite);
  const rows = sqlite.prepare(`SELECT id, name_fold AS stored, ${nameFoldSql} AS actual, contract_name_fold AS storedContract,
      ${contractNameFoldSql} AS actualContract FROM nfts WHERE ${stale}`).all() as {
    id: string;
    stored: string;
    actual: string;
    storedContract: string;
    actualContract: string;
  }[];
  for (const r of rows) {
    if (r.stored !== r.actual) add(`nfts ${r.id}: name_fold ${JSON.stringify(r.stored)} (actual ${JSON.stringify(r.actual)})`);
    if (r.storedContract !== r.actualContract) {
      add(`nfts ${r.id}: contract_name_fold ${JSON.stringify(r.storedContract)} (actual ${JSON.stringify(r.actualContract)})`);
    }
  }
}
