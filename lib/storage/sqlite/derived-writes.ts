import type Database from 'better-sqlite3';
import { B1_GRAMS, FOLD, FOLD_UNSAFE, SHORT_GRAMS, registerFold } from './functions';

/*
 * The derived data of an NFT that needs JavaScript — the stored folds (`name_fold`,
 * `contract_name_fold`), `fold_unsafe`, and the tokens of the short-term indexes
 * (`search_nfts_short`, `search_nfts_b1_short`) — written by the SQLite engine in the writing
 * transaction itself, never by a trigger (db/migrations/0019_no_js_triggers.sql). Plain-SQL triggers
 * note which NFT needs which value in `search_nfts_pending`; before the app's write connection
 * commits, `writePendingDerived` computes and writes them and empties the queue, so every write the
 * app makes — whichever service, module or CLI command makes it — commits with its derived data,
 * as the triggers guaranteed before. A row another tool wrote (the sqlite3 shell, a load script) is
 * left queued: `db check` reports it, `db reindex` writes it, and so does the app's next write.
 *
 * Set-based (a few statements per transaction, however many NFTs it wrote): a commit group of 32
 * creates runs them once (lib/storage/sqlite/connection/commit-group.ts).
 */

export const PENDING = 'search_nfts_pending';

/** JavaScript's fold of the NFT's name, over a row of `nfts`. */
export const nameFoldSql = `${FOLD}(nfts.name)`;
/** JavaScript's fold of its contract's name (the contract's name is NOT NULL; '' without a contract). */
export const contractNameFoldSql = `coalesce((SELECT ${FOLD}(c.name) FROM smart_contracts c WHERE c.id = nfts.smart_contract_id), '')`;

/** Whether any text an NFT search reads holds a character some fold turns into ASCII (1/0). */
export const foldUnsafeSql = (contractNameFold: string) =>
  `${FOLD_UNSAFE}(nfts.name, nfts.description, nfts.external_url, nfts.image_path, nfts.mint_transaction_hash, nfts.mint_logs,
    nfts.token_uri, nfts.token_owner, nfts.copyright_metadata, nfts.licence, nfts.signature, ${contractNameFold})`;

/**
 * (rid, grams) of `search_nfts_short` over `nfts`: grams of the name and description under LIKE's
 * folding, then the row's filter tokens — its status and copyright status as
 * lib/storage/sqlite/grams.ts filterToken spells them (db/migrations/0026_short_term_facets.sql).
 */
export const shortGramsSql = `SELECT rowid AS rid,
  ${SHORT_GRAMS}(name, description) || ' s' || lower(status) || ' c' || lower(copyright_status) AS grams FROM nfts`;

/**
 * (rid, grams) of `search_nfts_b1_short`: every field B1's keyword reads, as text the way it formats
 * them (lib/storage/sqlite/nft-search/columns.ts textOf), folded like JavaScript (lib/storage/sqlite/grams.ts b1Grams), then
 * the row's status token (grams.ts filterToken; db/migrations/0028_b1_short_status.sql). The
 * contract's name is read from smart_contracts (its fold equals the stored `contract_name_fold`).
 */
export const b1GramsSql = `SELECT n.rowid AS rid, ${B1_GRAMS}(
    n.name, n.description, n.external_url, n.image_path, c.name,
    cast(n.supply AS text),
    CASE WHEN n.status = 'MINTED' THEN 'true' ELSE 'false' END,
    strftime('%Y-%m-%dT%H:%M:%S', n.minted_at / 1000, 'unixepoch') || '.' || printf('%03d', n.minted_at % 1000) || 'Z',
    n.mint_transaction_hash, n.mint_logs,
    cast(n.token_id AS text),
    n.token_uri, n.token_owner,
    CASE WHEN n.copyrighted THEN 'true' ELSE 'false' END,
    n.copyright_metadata,
    strftime('%Y-%m-%dT%H:%M:%S', n.copyrighted_at / 1000, 'unixepoch') || '.' || printf('%03d', n.copyrighted_at % 1000) || 'Z',
    n.licence, n.signature,
    strftime('%Y-%m-%dT%H:%M:%S', n.created_at / 1000, 'unixepoch') || '.' || printf('%03d', n.created_at % 1000) || 'Z',
    strftime('%Y-%m-%dT%H:%M:%S', n.updated_at / 1000, 'unixepoch') || '.' || printf('%03d', n.updated_at % 1000) || 'Z'
  ) || ' s' || lower(n.status) AS grams
  FROM nfts n JOIN smart_contracts c ON c.id = n.smart_contract_id`;

const foldsDiffer = `name_fold IS NOT ${nameFoldSql} OR contract_name_fold IS NOT ${contractNameFoldSql}
  OR fold_unsafe IS NOT ${foldUnsafeSql(contractNameFoldSql)}`;

/** SET clause of the stored folds and fold_unsafe. */
const setFolds = `name_fold = ${nameFoldSql}, contract_name_fold = ${contractNameFoldSql}, fold_unsafe = ${foldUnsafeSql(contractNameFoldSql)}`;

type Statements = {
  any: Database.Statement;
  folds: Database.Statement;
  short: Database.Statement;
  b1: Database.Statement;
  clear: Database.Statement;
};

const prepared = new WeakMap<Database.Database, Statements>();

function statementsOf(sqlite: Database.Database): Statements {
  let s = prepared.get(sqlite);
  if (!s) {
    registerFold(sqlite);
    s = {
      any: sqlite.prepare(`SELECT 1 FROM ${PENDING} LIMIT 1`).pluck(),
      // Only rows whose values changed are rewritten: an update of, say, the description alone
      // leaves the folds as they are and rewrites no index entry.
      folds: sqlite.prepare(`UPDATE nfts SET ${setFolds} WHERE rowid IN (SELECT rid FROM ${PENDING} WHERE folds) AND (${foldsDiffer})`),
      // The triggers that queued a row removed its old tokens first (or it had none).
      short: sqlite.prepare(`INSERT INTO search_nfts_short (rowid, grams) SELECT rid, grams FROM (${shortGramsSql}
        WHERE rowid IN (SELECT rid FROM ${PENDING} WHERE short))`),
      b1: sqlite.prepare(`INSERT INTO search_nfts_b1_short (rowid, grams) SELECT rid, grams FROM (${b1GramsSql}
        WHERE n.rowid IN (SELECT rid FROM ${PENDING} WHERE b1))`),
      clear: sqlite.prepare(`DELETE FROM ${PENDING}`),
    };
    prepared.set(sqlite, s);
  }
  return s;
}

/**
 * Writes every queued derived value and empties the queue, inside the caller's transaction. One
 * indexed probe when nothing is queued.
 */
export function writePendingDerived(sqlite: Database.Database) {
  const s = statementsOf(sqlite);
  if (s.any.get() === undefined) return;
  s.folds.run();
  s.short.run();
  s.b1.run();
  s.clear.run();
}

/** How many NFTs wait for their derived data (written by another tool since the last app write or `db reindex`). */
export function pendingCount(sqlite: Database.Database): number {
  return (sqlite.prepare(`SELECT count(*) AS n FROM ${PENDING}`).get() as { n: number }).n;
}

/** Recomputes every stale stored fold and fold_unsafe, over all NFTs (`db reindex`, inside its transaction). */
export function rebuildFolds(sqlite: Database.Database) {
  registerFold(sqlite);
  sqlite.prepare(`UPDATE nfts SET ${setFolds} WHERE ${foldsDiffer}`).run();
}

/** Reports every NFT whose stored folds or fold_unsafe differ from a recomputation (`db check`). */
export function checkFolds(sqlite: Database.Database, add: (problem: string) => void) {
  registerFold(sqlite);
  const rows = sqlite
    .prepare(`SELECT id, name_fold AS stored, ${nameFoldSql} AS actual, contract_name_fold AS storedContract,
      ${contractNameFoldSql} AS actualContract, fold_unsafe AS storedUnsafe, ${foldUnsafeSql(contractNameFoldSql)} AS actualUnsafe
      FROM nfts WHERE ${foldsDiffer}`)
    .all() as {
    id: string;
    stored: string;
    actual: string;
    storedContract: string;
    actualContract: string;
    storedUnsafe: number;
    actualUnsafe: number;
  }[];
  for (const r of rows) {
    if (r.stored !== r.actual) add(`nfts ${r.id}: name_fold ${JSON.stringify(r.stored)} (actual ${JSON.stringify(r.actual)})`);
    if (r.storedContract !== r.actualContract) {
      add(`nfts ${r.id}: contract_name_fold ${JSON.stringify(r.storedContract)} (actual ${JSON.stringify(r.actualContract)})`);
    }
    if (r.storedUnsafe !== r.actualUnsafe) add(`nfts ${r.id}: fold_unsafe ${r.storedUnsafe} (actual ${r.actualUnsafe})`);
  }
}

const WRITES = /^\s*(insert|update|delete|replace|with)\b/i;

/**
 * Makes the app's write connection write queued derived data before each commit: every
 * transaction Drizzle opens on `db` (a commit group's included) runs `writePendingDerived` at its
 * end, and a write statement run outside any transaction is run inside one that does. Installed
 * by lib/storage/sqlite/client.ts after migrating; the connection's own `prepare` (`db.$client`, used by
 * `db reindex` / `db check` and the bulk seed) is left alone.
 */
export function writeDerivedBeforeCommit(db: { $client: Database.Database }) {
  const session = (db as unknown as { session?: { client?: Database.Database } }).session;
  const view = session?.client;
  const client = db.$client;
  if (!view || view === client) throw new Error('writeDerivedBeforeCommit: expects the statement-caching view of lib/storage/sqlite/connection/statement-cache.ts');
  const flush = () => writePendingDerived(client);
  view.transaction = ((fn: (...args: unknown[]) => unknown) =>
    client.transaction(function (this: unknown, ...args: unknown[]) {
      const result = fn.apply(this, args);
      flush();
      return result;
    })) as Database.Database['transaction'];

  const wrapped = new WeakMap<Database.Statement, Database.Statement>();
  const prepare = view.prepare.bind(view);
  view.prepare = ((source: string) => {
    const statement = prepare(source);
    if (statement.readonly || !WRITES.test(source)) return statement;
    let proxy = wrapped.get(statement);
    if (!proxy) {
      const inTransaction =
        (method: 'run' | 'get' | 'all') =>
        (...args: unknown[]) => {
          const call = () => (statement[method])(...args);
          if (client.inTransaction) return call();
          return client.transaction(() => {
            const result = call();
            flush();
            return result;
          })();
        };
      const methods = { run: inTransaction('run'), get: inTransaction('get'), all: inTransaction('all') };
      const self: Database.Statement = new Proxy(statement, {
        get(target, prop) {
          if (prop === 'run' || prop === 'get' || prop === 'all') return methods[prop];
          const value = Reflect.get(target, prop, target) as unknown;
          if (typeof value !== 'function') return value;
          // Mode setters return the statement itself: hand back the proxy instead.
          return (...args: unknown[]) => {
            const out = (value as (...a: unknown[]) => unknown).apply(target, args);
            return out === target ? self : out;
          };
        },
      });
      proxy = self;
      wrapped.set(statement, proxy);
    }
    return proxy;
  }) as Database.Database['prepare'];
}
