import type Database from 'better-sqlite3';

/**
 * The A9 list table `member_list` (db/migrations/*_member_list.sql): one row per membership and
 * per PENDING invitation, with the columns A9 filters and sorts on. Triggers keep it exact;
 * `db reindex` rebuilds it with `memberListSql` and `db check` compares it with the same SQL.
 */
export const memberListColumns = 'id, organization_id, kind, user_id, email, status, has_wallet, created_at, updated_at';

/** What `member_list` must contain, over the base tables only. */
export const memberListSql = `
  SELECT uo.id, uo.organization_id, 'member', uo.user_id, u.email, uo.status,
    EXISTS (SELECT 1 FROM wallets w WHERE w.user_id = uo.user_id AND w.is_primary = 1), uo.created_at, uo.updated_at
  FROM user_organizations uo JOIN users u ON u.id = uo.user_id
  UNION ALL
  SELECT id, organization_id, 'invitation', NULL, email, 'PENDING', 0, created_at, updated_at FROM invitations WHERE status = 'PENDING'`;

/** Rebuilds `member_list` (inside the caller's transaction). */
export function rebuildMemberList(sqlite: Database.Database) {
  sqlite.prepare('DELETE FROM member_list').run();
  sqlite.prepare(`INSERT INTO member_list (${memberListColumns}) ${memberListSql}`).run();
}

/**
 * Differences between `member_list` and its recomputation, as readable lines. EXCEPT compares sets,
 * and the table has no key on `id` (migration 0018), so a repeated row is looked for on its own.
 */
export function memberListProblems(sqlite: Database.Database, max: number): string[] {
  const rows = sqlite
    .prepare(
      `SELECT 'missing or stale' AS what, id FROM (SELECT * FROM (${memberListSql}) EXCEPT SELECT ${memberListColumns} FROM member_list)
       UNION ALL
       SELECT 'extra or stale' AS what, id FROM (SELECT ${memberListColumns} FROM member_list EXCEPT SELECT * FROM (${memberListSql}))
       UNION ALL
       SELECT 'duplicate' AS what, id FROM member_list GROUP BY id HAVING count(*) > 1
       LIMIT ${max}`,
    )
    .all() as { what: string; id: string }[];
  return rows.map((r) => `member_list ${r.id}: ${r.what} row`);
}
