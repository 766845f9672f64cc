import type pg from 'pg';

/*
 * `db check` and `db reindex` on PostgreSQL (issue 28). The derived data the PL/pgSQL triggers of
 * db/migrations-pg/0001_search.sql keep — the stored folds, contract totals, `copyrighted`, members'
 * NFT counts — recomputed from the base tables. The search indexes themselves are PostgreSQL
 * indexes on expressions of the base columns: nothing to drift.
 */

type Queryable = Pick<pg.ClientBase, 'query'>;
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
  const add = (p: string) => {
    if (problems.length < MAX_PROBLEMS) problems.push(p);
  };
  for (const d of derived) {
    const { rows } = await db.query<{ id: string; stored_a: Scalar; stored_b: Scalar; actual_a: Scalar; actual_b: Scalar }>(
      `SELECT * FROM (${d.actual}) x WHERE (stored_a, stored_b) IS DISTINCT FROM (actual_a, actual_b) LIMIT ${MAX_PROBLEMS}`,
    );
    for (const r of rows) {
      const stored = r.stored_b === null ? String(r.stored_a) : `${String(r.stored_a)}/${String(r.stored_b)}`;
      const actual = r.actual_b === null ? String(r.actual_a) : `${String(r.actual_a)}/${String(r.actual_b)}`;
      add(`${d.what} of ${d.table} ${r.id}: stored ${stored}, actual ${actual}`);
    }
  }
  // Folds, in id order, a batch at a time (keyset: no OFFSET).
  let after = '';
  for (;;) {
    const { rows } = await db.query<{ id: string; name: string; name_fold: string; contract_name: string; contract_name_fold: string }>(
      `SELECT n.id, n.name, n.name_fold, c.name AS contract_name, n.contract_name_fold
       FROM nfts n JOIN smart_contracts c ON c.id = n.smart_contract_id
       WHERE n.id COLLATE "C" > $1 ORDER BY n.id COLLATE "C" LIMIT ${FOLD_BATCH}`,
      [after],
    );
    for (const r of rows) {
      if (r.name_fold !== r.name.toLowerCase()) add(`nfts.name_fold of ${r.id}: stored ${JSON.stringify(r.name_fold)}, JavaScript ${JSON.stringify(r.name.toLowerCase())}`);
      if (r.contract_name_fold !== r.contract_name.toLowerCase()) {
        add(`nfts.contract_name_fold of ${r.id}: stored ${JSON.stringify(r.contract_name_fold)}, JavaScript ${JSON.stringify(r.contract_name.toLowerCase())}`);
      }
    }
    if (rows.length < FOLD_BATCH) break;
    after = rows[rows.length - 1]!.id;
  }
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
  for (const d of derived) await db.query(d.repair);
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
