-- Totals of one- and two-character searches without reading their hits. A common short term ('a',
-- 'er') is in most NFTs: counted through its gram index, every hit's heap tuple was visited (a GIN
-- scan cannot skip the heap), 300 ms for 670k hits of a million, over a second at the start of a
-- burst. SQLite counts the same terms off its short-term FTS tables' doclists. Here list_counts gains
-- one key per (list, gram, status) — k1 the gram, k2 the NFT's status — each row counted once per
-- distinct gram of its searched text, kept by the NFTs' counting trigger in the write's own
-- transaction and sharded like every other key:
--   'nft_terms_a'  A5: the grams of the ASCII-lowered name and description (the nfts_search_a_grams
--                  expression), so a term's total is the number of rows whose name or description
--                  holds it under LIKE's folding;
--   'nft_terms_b1' B1's plain keyword: the grams of every field that keyword can match with a term
--                  outside digits and date punctuation — both names' folds, the other text fields'
--                  folds (cl2c_b1_rest: a gram spanning two of them holds a line feed, which such a
--                  total never asks for), and the texts of the booleans `minted` and `copyrighted`.
-- lib/storage/postgres/lists/short-term-count.ts reads them; `db check` compares them with
-- list_counts_expected and `db reindex` repairs them, like every other key.
CREATE FUNCTION cl2c_nft_b1_grams(name_fold text, contract_name_fold text, rest text, status text, copyrighted boolean)
  RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN coalesce(cl2c_grams(name_fold), '{}') || coalesce(cl2c_grams(contract_name_fold), '{}') || coalesce(cl2c_grams(rest), '{}')
    || cl2c_grams(CASE WHEN status = 'MINTED' THEN 'true' ELSE 'false' END) || cl2c_grams(CASE WHEN copyrighted THEN 'true' ELSE 'false' END);
--> statement-breakpoint
-- The (list, gram) keys an NFT counts under: each distinct gram of each list once. `rest`: the row's
-- cl2c_b1_rest (as nfts_search_b_rest_grams holds it).
CREATE FUNCTION cl2c_nft_terms(name text, description text, name_fold text, contract_name_fold text, rest text, status text, copyrighted boolean)
  RETURNS TABLE (list text, gram text) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 'nft_terms_a', g FROM unnest(cl2c_grams2(cl2c_ascii_lower(name), cl2c_ascii_lower(description))) g
  UNION
  SELECT 'nft_terms_b1', g FROM unnest(cl2c_nft_b1_grams(name_fold, contract_name_fold, rest, status, copyrighted)) g
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cl2c_count_nfts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO list_counts AS c (organization_id, list, k1, k2, shard, n)
      SELECT x.organization_id, x.list, x.k1, x.k2, (pg_backend_pid() % 8)::smallint, sum(x.d) FROM (
          SELECT organization_id, 'nfts' AS list, status AS k1, copyright_status AS k2, 1 AS d FROM new_rows
          UNION ALL SELECT organization_id, 'nft_supply', status, supply::text, 1 FROM new_rows
          UNION ALL SELECT r.organization_id, t.list, t.gram, r.status, 1 FROM new_rows r CROSS JOIN LATERAL cl2c_nft_terms(r.name, r.description, r.name_fold, r.contract_name_fold,
            cl2c_b1_rest(r.description, r.external_url, r.image_path, r.mint_transaction_hash, r.mint_logs, r.token_uri, r.token_owner, r.copyright_metadata, r.licence, r.signature),
            r.status, r.copyrighted) t) x
      GROUP BY 1, 2, 3, 4 HAVING sum(x.d) <> 0 ORDER BY 1, 2, 3, 4
      ON CONFLICT (organization_id, list, k1, k2, shard) DO UPDATE SET n = c.n + excluded.n;
    INSERT INTO list_generations AS g (organization_id, list, shard, n)
      SELECT organization_id, 'nfts', (pg_backend_pid() % 8)::smallint, count(*) FROM new_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT (organization_id, list, shard) DO UPDATE SET n = g.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO list_counts AS c (organization_id, list, k1, k2, shard, n)
      SELECT x.organization_id, x.list, x.k1, x.k2, (pg_backend_pid() % 8)::smallint, sum(x.d) FROM (
          SELECT organization_id, 'nfts' AS list, status AS k1, copyright_status AS k2, -1 AS d FROM old_rows
          UNION ALL SELECT organization_id, 'nft_supply', status, supply::text, -1 FROM old_rows
          UNION ALL SELECT r.organization_id, t.list, t.gram, r.status, -1 FROM old_rows r CROSS JOIN LATERAL cl2c_nft_terms(r.name, r.description, r.name_fold, r.contract_name_fold,
            cl2c_b1_rest(r.description, r.external_url, r.image_path, r.mint_transaction_hash, r.mint_logs, r.token_uri, r.token_owner, r.copyright_metadata, r.licence, r.signature),
            r.status, r.copyrighted) t) x
      GROUP BY 1, 2, 3, 4 HAVING sum(x.d) <> 0 ORDER BY 1, 2, 3, 4
      ON CONFLICT (organization_id, list, k1, k2, shard) DO UPDATE SET n = c.n + excluded.n;
    INSERT INTO list_generations AS g (organization_id, list, shard, n)
      SELECT organization_id, 'nfts', (pg_backend_pid() % 8)::smallint, count(*) FROM old_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT (organization_id, list, shard) DO UPDATE SET n = g.n + excluded.n;
  ELSE
    -- An update moves a row's gram keys only where the texts, status, `copyrighted` or organization
    -- changed (most updates touch none of them: the grams of the rest are not computed).
    INSERT INTO list_counts AS c (organization_id, list, k1, k2, shard, n)
      SELECT x.organization_id, x.list, x.k1, x.k2, (pg_backend_pid() % 8)::smallint, sum(x.d) FROM (
          SELECT organization_id, 'nfts' AS list, status AS k1, copyright_status AS k2, 1 AS d FROM new_rows
          UNION ALL SELECT organization_id, 'nfts', status, copyright_status, -1 FROM old_rows
          UNION ALL SELECT organization_id, 'nft_supply', status, supply::text, 1 FROM new_rows
          UNION ALL SELECT organization_id, 'nft_supply', status, supply::text, -1 FROM old_rows
          UNION ALL SELECT r.organization_id, t.list, t.gram, r.status, 1 FROM new_rows r CROSS JOIN LATERAL cl2c_nft_terms(r.name, r.description, r.name_fold, r.contract_name_fold,
            cl2c_b1_rest(r.description, r.external_url, r.image_path, r.mint_transaction_hash, r.mint_logs, r.token_uri, r.token_owner, r.copyright_metadata, r.licence, r.signature),
            r.status, r.copyrighted) t
            WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.id = r.id
              AND (o.organization_id, o.status, o.copyrighted, o.name, o.description, o.name_fold, o.contract_name_fold, o.external_url, o.image_path, o.mint_transaction_hash, o.mint_logs, o.token_uri, o.token_owner, o.copyright_metadata, o.licence, o.signature) IS NOT DISTINCT FROM (r.organization_id, r.status, r.copyrighted, r.name, r.description, r.name_fold, r.contract_name_fold, r.external_url, r.image_path, r.mint_transaction_hash, r.mint_logs, r.token_uri, r.token_owner, r.copyright_metadata, r.licence, r.signature))
          UNION ALL SELECT r.organization_id, t.list, t.gram, r.status, -1 FROM old_rows r CROSS JOIN LATERAL cl2c_nft_terms(r.name, r.description, r.name_fold, r.contract_name_fold,
            cl2c_b1_rest(r.description, r.external_url, r.image_path, r.mint_transaction_hash, r.mint_logs, r.token_uri, r.token_owner, r.copyright_metadata, r.licence, r.signature),
            r.status, r.copyrighted) t
            WHERE NOT EXISTS (SELECT 1 FROM new_rows o WHERE o.id = r.id
              AND (o.organization_id, o.status, o.copyrighted, o.name, o.description, o.name_fold, o.contract_name_fold, o.external_url, o.image_path, o.mint_transaction_hash, o.mint_logs, o.token_uri, o.token_owner, o.copyright_metadata, o.licence, o.signature) IS NOT DISTINCT FROM (r.organization_id, r.status, r.copyrighted, r.name, r.description, r.name_fold, r.contract_name_fold, r.external_url, r.image_path, r.mint_transaction_hash, r.mint_logs, r.token_uri, r.token_owner, r.copyright_metadata, r.licence, r.signature))) x
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
  UNION ALL SELECT organization_id, 'members', status, has_wallet::text, count(*) FROM member_list GROUP BY 1, 3, 4
  UNION ALL SELECT r.organization_id, t.list, t.gram, r.status, count(*) FROM nfts r CROSS JOIN LATERAL cl2c_nft_terms(r.name, r.description, r.name_fold, r.contract_name_fold,
      cl2c_b1_rest(r.description, r.external_url, r.image_path, r.mint_transaction_hash, r.mint_logs, r.token_uri, r.token_owner, r.copyright_metadata, r.licence, r.signature),
      r.status, r.copyrighted) t GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO list_counts (organization_id, list, k1, k2, shard, n)
  SELECT organization_id, list, k1, k2, 0, n FROM list_counts_expected WHERE list IN ('nft_terms_a', 'nft_terms_b1') ORDER BY 1, 2, 3, 4;
