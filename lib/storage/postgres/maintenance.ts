import type pg from 'pg';
import { nftStatuses } from '@/db/enums';
import { b1RestColumns } from '@/db/schema-pg';

/*
 * `db check` and `db reindex` on PostgreSQL (issue 28). The derived data the PL/pgSQL triggers of
 * db/migrations-pg/0001_search.sql keep — the stored folds, contract totals, `copyrighted`, members'
 * NFT counts — recomputed from the base tables; and the list structures of
 * db/migrations-pg/0006_lists.sql: `member_list` (against the view `member_list_expected`) and
 * `list_counts` (each key's shard sum against the view `list_counts_expected`). The search indexes
 * themselves are PostgreSQL indexes on expressions of the base columns: nothing to drift.
 */

export type Queryable = Pick<pg.ClientBase, 'query'>;
type Scalar = string | number | boolean | null;

/** What each derived column must hold, as SQL over the base tables (`t` = the row). */
const derived = [
  {
    what: 'smart_contracts.total_nfts/total_supply',
    table: 'smart_contracts',
    actual: `SELECT t.id, t.total_nfts AS stored_a, t.total_supply AS stored_b,
        (SELECT count(*) FROM nfts n WHERE n.smart_contract_id = t.id) AS actual_a,
        (SELECT coalesce(sum(n.supply), 0) FROM nfts n WHERE n.smart_contract_id = t.id) AS actual_b
      FROM smart_contracts t`,
    repair: `UPDATE smart_contracts t SET total_nfts = a.n, total_supply = a.s
      FROM (SELECT c.id, count(n.id) AS n, coalesce(sum(n.supply), 0) AS s FROM smart_contracts c LEFT JOIN nfts n ON n.smart_contract_id = c.id GROUP BY c.id) a
      WHERE a.id = t.id AND (t.total_nfts, t.total_supply) IS DISTINCT FROM (a.n, a.s)`,
  },
  {
    what: 'nfts.copyrighted',
    table: 'nfts',
    actual: `SELECT t.id, t.copyrighted AS stored_a, NULL::int AS stored_b, cl2c_nft_copyrighted(t.id) AS actual_a, NULL::int AS actual_b FROM nfts t`,
    repair: `UPDATE nfts t SET copyrighted = cl2c_nft_copyrighted(t.id) WHERE t.copyrighted IS DISTINCT FROM cl2c_nft_copyrighted(t.id)`,
  },
  {
    what: 'user_organizations.total_nfts',
    table: 'user_organizations',
    actual: `SELECT t.id, t.total_nfts AS stored_a, NULL::int AS stored_b,
        (SELECT count(*) FROM copyright_shares s JOIN nfts n ON n.id = s.nft_id WHERE s.user_id = t.user_id AND n.organization_id = t.organization_id) AS actual_a,
        NULL::int AS actual_b
      FROM user_organizations t`,
    repair: `UPDATE user_organizations t SET total_nfts = a.n
      FROM (SELECT m.id, count(n.id) AS n FROM user_organizations m
              LEFT JOIN copyright_shares s ON s.user_id = m.user_id
              LEFT JOIN nfts n ON n.id = s.nft_id AND n.organization_id = m.organization_id
            GROUP BY m.id) a
      WHERE a.id = t.id AND t.total_nfts IS DISTINCT FROM a.n`,
  },
] as const;

/**
 * Each kind of problem `db check` finds lists at most this many — each query's LIMIT, the folds'
 * own count — so a flood of one (the count keys a bulk load left behind) hides no other.
 */
const MAX_PROBLEMS = 50;
const FOLD_BATCH = 5000;

export type CheckResult = { ok: boolean; engine: 'postgres'; problems: string[] };

/**
 * Compares every derived column with its recomputation, and every stored fold with JavaScript's
 * toLowerCase of the name it folds (the one check SQL cannot do alone: it is how a server whose
 * cl2c_fold differs from JavaScript — another PostgreSQL version, another Unicode — shows up).
 */
export async function checkPostgres(db: Queryable): Promise<CheckResult> {
  const problems: string[] = [];
  for (const d of derived) {
    const { rows } = await db.query<{ id: string; stored_a: Scalar; stored_b: Scalar; actual_a: Scalar; actual_b: Scalar }>(
      `SELECT * FROM (${d.actual}) x WHERE (stored_a, stored_b) IS DISTINCT FROM (actual_a, actual_b) LIMIT ${MAX_PROBLEMS}`,
    );
    for (const r of rows) {
      const stored = r.stored_b === null ? String(r.stored_a) : `${String(r.stored_a)}/${String(r.stored_b)}`;
      const actual = r.actual_b === null ? String(r.actual_a) : `${String(r.actual_a)}/${String(r.actual_b)}`;
      problems.push(`${d.what} of ${d.table} ${r.id}: stored ${stored}, actual ${actual}`);
    }
  }
  // Base data no derived structure can repair: a status another tool wrote outside the enum
  // (an order led by status reads one search per value: lib/storage/nft-search-split.ts).
  const statuses = await db.query<{ id: string; status: string }>(`SELECT id, status FROM nfts WHERE NOT (status = ANY($1::text[])) LIMIT ${MAX_PROBLEMS}`, [nftStatuses]);
  for (const r of statuses.rows) problems.push(`nfts ${r.id}: status ${JSON.stringify(r.status)} is not one of ${nftStatuses.join(', ')}`);
  // Folds, in id order, a batch at a time (keyset: no OFFSET).
  const folds: string[] = [];
  const add = (p: string) => {
    if (folds.length < MAX_PROBLEMS) folds.push(p);
  };
  let after = '';
  for (;;) {
    const { rows } = await db.query<{ id: string; name: string; name_fold: string; contract_name: string; contract_name_fold: string; rest: (string | null)[]; rest_fold: string }>(
      `SELECT n.id, n.name, n.name_fold, c.name AS contract_name, n.contract_name_fold, n.rest_fold,
         array[${b1RestColumns.map((c) => `n.${c}`).join(', ')}] AS rest
       FROM nfts n JOIN smart_contracts c ON c.id = n.smart_contract_id
       WHERE n.id COLLATE "C" > $1 ORDER BY n.id COLLATE "C" LIMIT ${FOLD_BATCH}`,
      [after],
    );
    for (const r of rows) {
      if (r.name_fold !== r.name.toLowerCase()) add(`nfts.name_fold of ${r.id}: stored ${JSON.stringify(r.name_fold)}, JavaScript ${JSON.stringify(r.name.toLowerCase())}`);
      if (r.contract_name_fold !== r.contract_name.toLowerCase()) {
        add(`nfts.contract_name_fold of ${r.id}: stored ${JSON.stringify(r.contract_name_fold)}, JavaScript ${JSON.stringify(r.contract_name.toLowerCase())}`);
      }
      const rest = r.rest.map((v) => v ?? '').join('\n').toLowerCase();
      if (r.rest_fold !== rest) add(`nfts.rest_fold of ${r.id}: stored ${JSON.stringify(r.rest_fold)}, JavaScript ${JSON.stringify(rest)}`);
    }
    if (rows.length < FOLD_BATCH) break;
    after = rows[rows.length - 1]!.id;
  }
  // Last: one stale NFT moves dozens of count keys, each a line of its own.
  problems.push(...folds, ...(await listProblems(db)));
  return { ok: problems.length === 0, engine: 'postgres', problems };
}

/**
 * Rewrites every derived column from the base tables (set-based: after a bulk load with the
 * triggers off, this is the fast path). Runs in the caller's transaction if it has one.
 */
export async function reindexPostgres(db: Queryable): Promise<void> {
  await db.query(`UPDATE nfts n SET name_fold = coalesce(cl2c_fold(n.name), ''), contract_name_fold = coalesce(cl2c_fold(c.name), '')
    FROM smart_contracts c WHERE c.id = n.smart_contract_id
      AND (n.name_fold, n.contract_name_fold) IS DISTINCT FROM (coalesce(cl2c_fold(n.name), ''), coalesce(cl2c_fold(c.name), ''))`);
  // rest_fold is generated: the server recomputes it when its row is written. A row written before
  // cl2c_b1_rest (or cl2c_fold) was redefined keeps the old value until then.
  await db.query(`UPDATE nfts SET description = description WHERE rest_fold IS DISTINCT FROM cl2c_b1_rest(${b1RestColumns.join(', ')})`);
  for (const d of derived) await db.query(d.repair);
  await repairLists(db);
}

/** member_list rows that differ from their recomputation: missing, extra or stale. */
const memberListDiff = `SELECT coalesce(e.id, m.id) AS id, m.id IS NULL AS missing, e.id IS NULL AS extra
  FROM member_list m FULL JOIN member_list_expected e ON e.id = m.id AND e.kind = m.kind
  WHERE m.id IS NULL OR e.id IS NULL
     OR (m.organization_id, m.user_id, m.email, m.status, m.has_wallet, m.created_at, m.updated_at, m.search)
        IS DISTINCT FROM (e.organization_id, e.user_id, e.email, e.status, e.has_wallet, e.created_at, e.updated_at, e.search)`;

/** list_counts keys whose shard sum differs from the count of their rows (delta = actual − stored). */
const countsDiff = `SELECT coalesce(e.organization_id, s.organization_id) AS organization_id, coalesce(e.list, s.list) AS list,
    coalesce(e.k1, s.k1) AS k1, coalesce(e.k2, s.k2) AS k2, coalesce(s.n, 0) AS stored, coalesce(e.n, 0) AS actual
  FROM (SELECT organization_id, list, k1, k2, sum(n) AS n FROM list_counts GROUP BY 1, 2, 3, 4) s
  FULL JOIN list_counts_expected e USING (organization_id, list, k1, k2)
  WHERE coalesce(s.n, 0) <> coalesce(e.n, 0)`;

async function listProblems(db: Queryable): Promise<string[]> {
  const problems: string[] = [];
  const members = await db.query<{ id: string; missing: boolean; extra: boolean }>(`${memberListDiff} LIMIT ${MAX_PROBLEMS}`);
  for (const r of members.rows) problems.push(`member_list row ${r.id}: ${r.missing ? 'missing' : r.extra ? 'not in user_organizations/invitations' : 'stale'}`);
  const counts = await db.query<{ organization_id: string; list: string; k1: string; k2: string; stored: string; actual: string }>(`${countsDiff} LIMIT ${MAX_PROBLEMS}`);
  for (const r of counts.rows) problems.push(`list_counts ${r.list}[${r.k1},${r.k2}] of organization ${r.organization_id}: stored ${r.stored}, actual ${r.actual}`);
  return problems;
}

/**
 * Rewrites member_list's differing rows, then moves each differing count key by its difference
 * (into shard 0: the other shards stay, the sum becomes exact), then every list's write generation.
 * Counts after member_list: its repair itself moves them through the triggers.
 */
async function repairLists(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM member_list WHERE id IN (SELECT id FROM (${memberListDiff}) d)`);
  await db.query(`INSERT INTO member_list SELECT e.* FROM member_list_expected e WHERE NOT EXISTS (SELECT 1 FROM member_list m WHERE m.id = e.id)`);
  await db.query(`INSERT INTO list_counts AS c (organization_id, list, k1, k2, shard, n)
    SELECT organization_id, list, k1, k2, 0, actual - stored FROM (${countsDiff}) d ORDER BY 1, 2, 3, 4
    ON CONFLICT (organization_id, list, k1, k2, shard) DO UPDATE SET n = c.n + excluded.n`);
  // A bulk load's repair may add most of the keys (a word per NFT): planned on the statistics of
  // before, a term's words were read through the organization's whole key range (word-count.ts).
  await db.query('ANALYZE list_counts');
  // Rows loaded with the triggers off moved no generation: move every list's, so no process serves
  // anchors or counts it cached before the load.
  await db.query(`INSERT INTO list_generations AS g (organization_id, list, shard, n)
    SELECT o.id, l.list, 0, 1 FROM organizations o CROSS JOIN (VALUES ('nfts'), ('contracts'), ('members')) AS l(list) ORDER BY 1, 2
    ON CONFLICT (organization_id, list, shard) DO UPDATE SET n = g.n + 1`);
}

/** `db check` / `db reindex` against the PostgreSQL database at `url` (DATABASE_URL). */
export async function runPostgresDbCommand(url: string, command: 'check' | 'reindex'): Promise<unknown> {
  const { openPostgres } = await import('./connection');
  const db = await openPostgres(url, 'DATABASE_URL', { max: 1 });
  const client = await db.$client.connect();
  try {
    if (command === 'check') {
      const result = await checkPostgres(client);
      if (!result.ok) process.exitCode = 1;
      return result;
    }
    const started = performance.now();
    await client.query('BEGIN');
    try {
      await reindexPostgres(client);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    }
    return { ok: true, engine: 'postgres', seconds: Number(((performance.now() - started) / 1000).toFixed(2)) };
  } finally {
    client.release();
    await db.$client.end();
  }
}
