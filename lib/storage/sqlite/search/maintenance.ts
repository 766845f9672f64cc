import type Database from 'better-sqlite3';
import { nftStatuses } from '@/db/enums';
import { registerFold } from '@/lib/storage/sqlite/functions';
import { checkFolds, pendingCount, rebuildFolds, writePendingDerived } from '@/lib/storage/sqlite/derived-writes';
import { clearCountCache } from './count-cache';
import {
  contractTotalNftsSql,
  contractTotalSupplySql,
  copyrightedSql,
  countersSql,
  ftsSources,
  memberTotalNftsSql,
  supplyCountsSql,
  type FtsSource,
} from './derived';
import { memberListProblems, rebuildMemberList } from './member-list';

/**
 * `db reindex` and `db check` (scripts/cli.ts hooks them in). Both work on the raw connection:
 * they touch the FTS5 tables and shadow tables that Drizzle does not model.
 */

/** Rebuilds every derived structure from the base tables, in one transaction. */
export function reindex(sqlite: Database.Database) {
  const started = performance.now();
  // One big transaction: with the default 2 MB page cache SQLite spills and rewrites the same
  // pages (FTS segment merges) over and over — measured at 1M NFTs: 40+ GB written. 256 MB here.
  const cacheSize = sqlite.pragma('cache_size', { simple: true }) as number;
  sqlite.pragma('cache_size = -262144');
  try {
    rebuild(sqlite);
  } finally {
    sqlite.pragma(`cache_size = ${cacheSize}`);
  }
  for (const fts of ftsSources) sqlite.prepare(`INSERT INTO ${fts.table} (${fts.table}) VALUES ('optimize')`).run();
  clearCountCache();
  return { ok: true, seconds: Number(((performance.now() - started) / 1000).toFixed(2)) };
}

function rebuild(sqlite: Database.Database) {
  registerFold(sqlite);
  sqlite.transaction(() => {
    // Whatever another tool wrote is rebuilt below with everything else.
    sqlite.prepare('DELETE FROM search_nfts_pending').run();
    for (const fts of ftsSources) {
      sqlite.prepare(`DELETE FROM ${fts.table}`).run();
      sqlite.prepare(`INSERT INTO ${fts.table} (rowid, ${fts.columns.join(', ')}) ${fts.source}`).run();
    }
    sqlite.prepare(`UPDATE smart_contracts SET total_nfts = ${contractTotalNftsSql}, total_supply = ${contractTotalSupplySql}`).run();
    sqlite.prepare(`UPDATE nfts SET copyrighted = ${copyrightedSql} WHERE copyrighted IS NOT ${copyrightedSql}`).run();
    sqlite.prepare(`UPDATE user_organizations SET total_nfts = ${memberTotalNftsSql}`).run();
    rebuildMemberList(sqlite);
    rebuildFolds(sqlite);
    sqlite.prepare(`DELETE FROM search_counters WHERE name <> 'gen'`).run();
    sqlite.prepare(`INSERT INTO search_counters (organization_id, name, n) ${countersSql}`).run();
    sqlite.prepare('DELETE FROM nft_supply_counts').run();
    sqlite.prepare(`INSERT INTO nft_supply_counts (organization_id, status, supply, n) ${supplyCountsSql}`).run();
    // Rows the rebuild's own updates queued (copyrighted feeds B1's text): their index entries were
    // removed by the triggers after the indexes were rebuilt.
    writePendingDerived(sqlite);
    // Everything may have changed: move every generation so no cached total survives.
    sqlite.prepare(`INSERT INTO search_counters (organization_id, name, n) SELECT id, 'gen', 1 FROM organizations WHERE true
      ON CONFLICT DO UPDATE SET n = n + 1`).run();
    sqlite.prepare(`INSERT INTO search_counters (organization_id, name, n) VALUES ('', 'gen', 1) ON CONFLICT DO UPDATE SET n = n + 1`).run();
  })();
}

export type CheckResult = { ok: boolean; problems: string[] };

const MAX_PROBLEMS = 50;

/** Trigram count of a value as the tokenizer sees it (code points − 2, never negative). */
function trigrams(value: unknown): number {
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'bigint') return 0;
  return Math.max(0, [...String(value)].length - 2);
}

/** The tokens of a listed-token value (the short-term indexes: lib/storage/sqlite/grams.ts). */
const listed = (value: unknown): string[] => (typeof value === 'string' ? value.split(' ').filter(Boolean) : []);

/** How many tokens the index should hold for a source value. */
function tokenCount(fts: FtsSource, value: unknown): number {
  return fts.tokens === 'listed' ? listed(value).length : trigrams(value);
}

/** Phrases that must each find the row: its whole text (trigram), or its first and last tokens. */
function ownPhrases(fts: FtsSource, column: string, value: unknown): string[] {
  if (fts.tokens === 'listed') {
    // A token with a NUL cannot be written in an FTS5 query (it ends the string): probe the others.
    const tokens = listed(value).filter((t) => !t.includes('\u0000'));
    // One column, detail=none (no column filters): the token alone. The last two of A5's are the
    // row's status and copyright status (derived-writes.ts shortGramsSql): a change of either alone
    // keeps the row's token count.
    return [...new Set([tokens[0], ...tokens.slice(-2)])].filter((t) => t !== undefined).map((t) => `"${t}"`);
  }
  if (!trigrams(value)) return [];
  // Stored text may hold a NUL (written before input refused control characters): FTS5 reads a
  // query only up to a NUL ("unterminated string"), so each NUL-free stretch is probed on its own.
  return String(value)
    .split('\u0000')
    .filter((part) => [...part].length >= 3)
    .map((part) => `{${column}}: "${part.replaceAll('"', '""')}"`);
}

/**
 * Decodes the FTS5 docsize blob: one token count per column, each an SQLite varint (big-endian:
 * seven bits per byte, most significant first, the high bit set on every byte but the last).
 */
export function decodeSizes(blob: Buffer): number[] {
  const out: number[] = [];
  let i = 0;
  while (i < blob.length) {
    let v = 0;
    for (;;) {
      const b = blob[i++]!;
      v = v * 128 + (b & 0x7f);
      if (b < 0x80 || i >= blob.length) break;
    }
    out.push(v);
  }
  return out;
}

type Drift<Key> = Key & { stored: number | null; actual: number | null };

/**
 * The keys where a stored table of counts (`stored`: the key columns and `n`) differs from its
 * recomputation over the base tables (`actual`: the same columns); a key missing on one side
 * counts 0 there. `emptyRowsAreDrift`: a stored 0 is drift too, for a table whose triggers delete
 * a row once its count reaches 0.
 */
function countDrift<Key extends Record<string, string | number>>(
  sqlite: Database.Database,
  actual: string,
  stored: string,
  keys: (keyof Key & string)[],
  options: { emptyRowsAreDrift?: boolean } = {},
): Drift<Key>[] {
  const columns = keys.map((k) => `coalesce(a.${k}, s.${k}) AS ${k}`).join(', ');
  const on = keys.map((k) => `s.${k} = a.${k}`).join(' AND ');
  const emptyRows = options.emptyRowsAreDrift ? ' OR s.n = 0' : '';
  return sqlite
    .prepare(`WITH actual AS (${actual}), stored AS (${stored})
      SELECT ${columns}, s.n AS stored, a.n AS actual
      FROM actual a FULL OUTER JOIN stored s ON ${on}
      WHERE coalesce(a.n, 0) <> coalesce(s.n, 0)${emptyRows}`)
    .all() as Drift<Key>[];
}

/**
 * Verifies every derived structure against the base tables and lists each difference:
 * stored aggregates and counters are recomputed exactly; for each FTS index, the set of indexed
 * rows must equal the base rows, each row's per-column token counts must equal its values'
 * trigram counts (the short-term indexes: their token lists' lengths), and (every row up to `sample`,
 * else a random sample of that size) each value must be found by a phrase match on its own text
 * (the short-term indexes: by its first and last tokens).
 */
export function check(sqlite: Database.Database, sample = 5000): CheckResult {
  registerFold(sqlite);
  const problems: string[] = [];
  const add = (p: string) => {
    if (problems.length < MAX_PROBLEMS) problems.push(p);
  };
  const read = sqlite.transaction(() => {
    for (const r of sqlite
      .prepare(`SELECT id, total_nfts AS stored, ${contractTotalNftsSql} AS actual, total_supply AS storedSupply, ${contractTotalSupplySql} AS actualSupply
        FROM smart_contracts WHERE total_nfts IS NOT ${contractTotalNftsSql} OR total_supply IS NOT ${contractTotalSupplySql}`)
      .all() as { id: string; stored: number; actual: number; storedSupply: number; actualSupply: number }[]) {
      add(`smart_contracts ${r.id}: total_nfts ${r.stored} (actual ${r.actual}), total_supply ${r.storedSupply} (actual ${r.actualSupply})`);
    }
    for (const r of sqlite
      .prepare(`SELECT id, copyrighted AS stored FROM nfts WHERE copyrighted IS NOT ${copyrightedSql}`)
      .all() as { id: string; stored: number }[]) {
      add(`nfts ${r.id}: copyrighted ${r.stored} is wrong`);
    }
    // Base data no derived structure can repair: a status another tool wrote outside the enum
    // (an order led by status reads one search per value: lib/storage/nft-search-split.ts).
    for (const r of sqlite
      .prepare(`SELECT id, status FROM nfts WHERE status NOT IN (${nftStatuses.map(() => '?').join(', ')}) LIMIT ${MAX_PROBLEMS}`)
      .all(...nftStatuses) as { id: string; status: string }[]) {
      add(`nfts ${r.id}: status ${JSON.stringify(r.status)} is not one of ${nftStatuses.join(', ')}`);
    }
    for (const r of sqlite
      .prepare(`SELECT id, total_nfts AS stored, ${memberTotalNftsSql} AS actual FROM user_organizations WHERE total_nfts IS NOT ${memberTotalNftsSql}`)
      .all() as { id: string; stored: number; actual: number }[]) {
      add(`user_organizations ${r.id}: total_nfts ${r.stored} (actual ${r.actual})`);
    }
    const counters = "SELECT organization_id, name, n FROM search_counters WHERE name <> 'gen'";
    const counterDiffs = countDrift<{ organization_id: string; name: string }>(sqlite, countersSql, counters, ['organization_id', 'name']);
    for (const p of memberListProblems(sqlite, MAX_PROBLEMS)) add(p);
    for (const r of counterDiffs) add(`search_counters ${r.organization_id} ${r.name}: ${r.stored ?? 0} (actual ${r.actual ?? 0})`);
    const supplyCounts = 'SELECT organization_id, status, supply, n FROM nft_supply_counts';
    const supplyDiffs = countDrift<{ organization_id: string; status: string; supply: number }>(sqlite, supplyCountsSql, supplyCounts, ['organization_id', 'status', 'supply'], { emptyRowsAreDrift: true });
    for (const r of supplyDiffs) add(`nft_supply_counts ${r.organization_id} ${r.status} supply ${r.supply}: ${r.stored ?? 'no row'} (actual ${r.actual ?? 0})`);
    checkFolds(sqlite, add);
    const pending = pendingCount(sqlite);
    if (pending) add(`search_nfts_pending: ${pending} NFT(s) written outside the app wait for their derived data (run db reindex)`);

    for (const fts of ftsSources) {
      const missing = sqlite
        .prepare(`SELECT count(*) AS n FROM (${fts.source}) b WHERE b.rid NOT IN (SELECT id FROM ${fts.table}_docsize)`)
        .get() as { n: number };
      const extra = sqlite
        .prepare(`SELECT count(*) AS n FROM ${fts.table}_docsize d WHERE d.id NOT IN (SELECT b.rid FROM (${fts.source}) b)`)
        .get() as { n: number };
      if (missing.n) add(`${fts.table}: ${missing.n} row(s) not indexed`);
      if (extra.n) add(`${fts.table}: ${extra.n} indexed row(s) that no longer exist`);
      const sizes = sqlite.prepare(`SELECT b.*, d.sz AS __sz FROM (${fts.source}) b JOIN ${fts.table}_docsize d ON d.id = b.rid`).raw();
      for (const row of sizes.iterate() as Iterable<unknown[]>) {
        const sz = decodeSizes(row[row.length - 1] as Buffer);
        for (let c = 0; c < fts.columns.length; c++) {
          // FTS5's trigram tokenizer counts text around a NUL its own way; such a value (stored
          // before input refused control characters) is checked by its phrases below instead.
          if (typeof row[c + 1] === 'string' && (row[c + 1] as string).includes('\u0000')) continue;
          if ((sz[c] ?? 0) !== tokenCount(fts, row[c + 1])) {
            add(`${fts.table} rowid ${String(row[0])}: ${fts.columns[c]} is indexed with stale text`);
            break;
          }
        }
      }
      const total = (sqlite.prepare(`SELECT count(*) AS n FROM (${fts.source})`).get() as { n: number }).n;
      const pick = total <= sample ? '' : `ORDER BY random() LIMIT ${sample}`;
      const rows = sqlite.prepare(`SELECT * FROM (${fts.source}) ${pick}`).raw().all() as unknown[][];
      // The cast: FTS5 ignores `rowid = ?` bound to a JavaScript number (a REAL), and the probe
      // then succeeded whenever ANY row held the phrase — a stale entry with the right token count
      // went unreported.
      const probe = sqlite.prepare(`SELECT 1 FROM ${fts.table} WHERE ${fts.table} MATCH ? AND rowid = cast(? AS integer)`);
      for (const row of rows) {
        for (let c = 0; c < fts.columns.length; c++) {
          if (ownPhrases(fts, fts.columns[c]!, row[c + 1]).some((phrase) => !probe.get(phrase, row[0]))) {
            add(`${fts.table} rowid ${String(row[0])}: ${fts.columns[c]} is not found by its own text`);
            break;
          }
        }
      }
    }
  });
  read();
  return { ok: problems.length === 0, problems };
}

/** The `db reindex` / `db check` subcommands of scripts/cli.ts; a failed check sets exit code 1. */
export function runDbCommand(sqlite: Database.Database, command: string | undefined): unknown {
  if (command === 'reindex') return reindex(sqlite);
  if (command === 'check') {
    const result = check(sqlite);
    if (!result.ok) process.exitCode = 1;
    return result;
  }
  return undefined;
}
