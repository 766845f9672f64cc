-- B1 totals of a supply range (`supply gte 25`, alone or AND-ed with `status eq`) without reading
-- the NFTs in the range, as SQLite's nft_supply_counts does (db/migrations/0016_supply_counts.sql):
-- list_counts gains the list 'nft_supply', one key per (status, supply) — k1 the status, k2 the
-- supply as text — sharded and kept by the same statement-level trigger as the 'nfts' keys, in one
-- upsert ordered by key (concurrent writers lock shard rows in one order). A range total is the sum
-- of its keys' rows (lib/storage/postgres/lists/range-count.ts). `db check` compares them with
-- list_counts_expected and `db reindex` repairs them, like every other key.
CREATE OR REPLACE FUNCTION cl2c_count_nfts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO list_counts AS c (organization_id, list, k1, k2, shard, n)
      SELECT x.organization_id, x.list, x.k1, x.k2, (pg_backend_pid() % 8)::smallint, sum(x.d) FROM (
          SELECT organization_id, 'nfts' AS list, status AS k1, copyright_status AS k2, 1 AS d FROM new_rows
          UNION ALL SELECT organization_id, 'nft_supply', status, supply::text, 1 FROM new_rows) x
      GROUP BY 1, 2, 3, 4 HAVING sum(x.d) <> 0 ORDER BY 1, 2, 3, 4
      ON CONFLICT (organization_id, list, k1, k2, shard) DO UPDATE SET n = c.n + excluded.n;
    INSERT INTO list_generations AS g (organization_id, list, shard, n)
      SELECT organization_id, 'nfts', (pg_backend_pid() % 8)::smallint, count(*) FROM new_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT (organization_id, list, shard) DO UPDATE SET n = g.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO list_counts AS c (organization_id, list, k1, k2, shard, n)
      SELECT x.organization_id, x.list, x.k1, x.k2, (pg_backend_pid() % 8)::smallint, sum(x.d) FROM (
          SELECT organization_id, 'nfts' AS list, status AS k1, copyright_status AS k2, -1 AS d FROM old_rows
          UNION ALL SELECT organization_id, 'nft_supply', status, supply::text, -1 FROM old_rows) x
      GROUP BY 1, 2, 3, 4 HAVING sum(x.d) <> 0 ORDER BY 1, 2, 3, 4
      ON CONFLICT (organization_id, list, k1, k2, shard) DO UPDATE SET n = c.n + excluded.n;
    INSERT INTO list_generations AS g (organization_id, list, shard, n)
      SELECT organization_id, 'nfts', (pg_backend_pid() % 8)::smallint, count(*) FROM old_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT (organization_id, list, shard) DO UPDATE SET n = g.n + excluded.n;
  ELSE
    INSERT INTO list_counts AS c (organization_id, list, k1, k2, shard, n)
      SELECT x.organization_id, x.list, x.k1, x.k2, (pg_backend_pid() % 8)::smallint, sum(x.d) FROM (
          SELECT organization_id, 'nfts' AS list, status AS k1, copyright_status AS k2, 1 AS d FROM new_rows
          UNION ALL SELECT organization_id, 'nfts', status, copyright_status, -1 FROM old_rows
          UNION ALL SELECT organization_id, 'nft_supply', status, supply::text, 1 FROM new_rows
          UNION ALL SELECT organization_id, 'nft_supply', status, supply::text, -1 FROM old_rows) x
      GROUP BY 1, 2, 3, 4 HAVING sum(x.d) <> 0 ORDER BY 1, 2, 3, 4
      ON CONFLICT (organization_id, list, k1, k2, shard) DO UPDATE SET n = c.n + excluded.n;
    INSERT INTO list_generations AS g (organization_id, list, shard, n)
      SELECT x.organization_id, 'nfts', (pg_backend_pid() % 8)::smallint, count(*) FROM (
          SELECT organization_id FROM new_rows UNION ALL SELECT organization_id FROM old_rows) x GROUP BY 1 ORDER BY 1
      ON CONFLICT (organization_id, list, shard) DO UPDATE SET n = g.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE VIEW "list_counts_expected" AS
  SELECT organization_id, 'nfts'::text AS list, status AS k1, copyright_status AS k2, count(*) AS n FROM nfts GROUP BY 1, 3, 4
  UNION ALL SELECT organization_id, 'nft_supply', status, supply::text, count(*) FROM nfts GROUP BY 1, 3, 4
  UNION ALL SELECT organization_id, 'contracts', status, '', count(*) FROM smart_contracts GROUP BY 1, 3
  UNION ALL SELECT organization_id, 'members', status, has_wallet::text, count(*) FROM member_list GROUP BY 1, 3, 4;
--> statement-breakpoint
INSERT INTO list_counts (organization_id, list, k1, k2, shard, n)
  SELECT organization_id, 'nft_supply', status, supply::text, 0, count(*) FROM nfts GROUP BY 1, 3, 4 ORDER BY 1, 3, 4;
