-- The short-term counts of 0020 per gram alone, not per (gram, status). Keyed by status, every
-- status change of an NFT — the mint pipeline makes two or three — moved all of its ~150–400 gram
-- keys (its hashes, owner and signature hold hundreds of distinct hex pairs), and every NFT write
-- paid for keys the fixed searches never read: A6 lost a third of its throughput on PostgreSQL. A
-- short term under a status filter is counted through the gram index instead.
CREATE OR REPLACE FUNCTION cl2c_count_nfts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO list_counts AS c (organization_id, list, k1, k2, shard, n)
      SELECT x.organization_id, x.list, x.k1, x.k2, (pg_backend_pid() % 8)::smallint, sum(x.d) FROM (
          SELECT organization_id, 'nfts' AS list, status AS k1, copyright_status AS k2, 1 AS d FROM new_rows
          UNION ALL SELECT organization_id, 'nft_supply', status, supply::text, 1 FROM new_rows
          UNION ALL SELECT r.organization_id, t.list, t.gram, '', 1 FROM new_rows r CROSS JOIN LATERAL cl2c_nft_terms(r.name, r.description, r.name_fold, r.contract_name_fold,
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
          UNION ALL SELECT r.organization_id, t.list, t.gram, '', -1 FROM old_rows r CROSS JOIN LATERAL cl2c_nft_terms(r.name, r.description, r.name_fold, r.contract_name_fold,
            cl2c_b1_rest(r.description, r.external_url, r.image_path, r.mint_transaction_hash, r.mint_logs, r.token_uri, r.token_owner, r.copyright_metadata, r.licence, r.signature),
            r.status, r.copyrighted) t) x
      GROUP BY 1, 2, 3, 4 HAVING sum(x.d) <> 0 ORDER BY 1, 2, 3, 4
      ON CONFLICT (organization_id, list, k1, k2, shard) DO UPDATE SET n = c.n + excluded.n;
    INSERT INTO list_generations AS g (organization_id, list, shard, n)
      SELECT organization_id, 'nfts', (pg_backend_pid() % 8)::smallint, count(*) FROM old_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT (organization_id, list, shard) DO UPDATE SET n = g.n + excluded.n;
  ELSE
    -- An update moves a row's gram keys only where a searched text, `minted` (status MINTED or not),
    -- `copyrighted` or the organization changed: a status change alone moves none, and the grams of
    -- rows that keep their inputs are not computed.
    INSERT INTO list_counts AS c (organization_id, list, k1, k2, shard, n)
      SELECT x.organization_id, x.list, x.k1, x.k2, (pg_backend_pid() % 8)::smallint, sum(x.d) FROM (
          SELECT organization_id, 'nfts' AS list, status AS k1, copyright_status AS k2, 1 AS d FROM new_rows
          UNION ALL SELECT organization_id, 'nfts', status, copyright_status, -1 FROM old_rows
          UNION ALL SELECT organization_id, 'nft_supply', status, supply::text, 1 FROM new_rows
          UNION ALL SELECT organization_id, 'nft_supply', status, supply::text, -1 FROM old_rows
          UNION ALL SELECT r.organization_id, t.list, t.gram, '', 1 FROM new_rows r CROSS JOIN LATERAL cl2c_nft_terms(r.name, r.description, r.name_fold, r.contract_name_fold,
            cl2c_b1_rest(r.description, r.external_url, r.image_path, r.mint_transaction_hash, r.mint_logs, r.token_uri, r.token_owner, r.copyright_metadata, r.licence, r.signature),
            r.status, r.copyrighted) t
            WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.id = r.id
              AND (o.organization_id, o.status = 'MINTED', o.copyrighted, o.name, o.description, o.name_fold, o.contract_name_fold, o.external_url, o.image_path, o.mint_transaction_hash, o.mint_logs, o.token_uri, o.token_owner, o.copyright_metadata, o.licence, o.signature) IS NOT DISTINCT FROM (r.organization_id, r.status = 'MINTED', r.copyrighted, r.name, r.description, r.name_fold, r.contract_name_fold, r.external_url, r.image_path, r.mint_transaction_hash, r.mint_logs, r.token_uri, r.token_owner, r.copyright_metadata, r.licence, r.signature))
          UNION ALL SELECT r.organization_id, t.list, t.gram, '', -1 FROM old_rows r CROSS JOIN LATERAL cl2c_nft_terms(r.name, r.description, r.name_fold, r.contract_name_fold,
            cl2c_b1_rest(r.description, r.external_url, r.image_path, r.mint_transaction_hash, r.mint_logs, r.token_uri, r.token_owner, r.copyright_metadata, r.licence, r.signature),
            r.status, r.copyrighted) t
            WHERE NOT EXISTS (SELECT 1 FROM new_rows o WHERE o.id = r.id
              AND (o.organization_id, o.status = 'MINTED', o.copyrighted, o.name, o.description, o.name_fold, o.contract_name_fold, o.external_url, o.image_path, o.mint_transaction_hash, o.mint_logs, o.token_uri, o.token_owner, o.copyright_metadata, o.licence, o.signature) IS NOT DISTINCT FROM (r.organization_id, r.status = 'MINTED', r.copyrighted, r.name, r.description, r.name_fold, r.contract_name_fold, r.external_url, r.image_path, r.mint_transaction_hash, r.mint_logs, r.token_uri, r.token_owner, r.copyright_metadata, r.licence, r.signature))) x
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
  UNION ALL SELECT r.organization_id, t.list, t.gram, '', count(*) FROM nfts r CROSS JOIN LATERAL cl2c_nft_terms(r.name, r.description, r.name_fold, r.contract_name_fold,
      cl2c_b1_rest(r.description, r.external_url, r.image_path, r.mint_transaction_hash, r.mint_logs, r.token_uri, r.token_owner, r.copyright_metadata, r.licence, r.signature),
      r.status, r.copyrighted) t GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- The per-status keys summed into one key per gram (shard 0), then dropped: no NFT is read again.
INSERT INTO list_counts AS c (organization_id, list, k1, k2, shard, n)
  SELECT organization_id, list, k1, '', 0, sum(n) FROM list_counts WHERE list IN ('nft_terms_a', 'nft_terms_b1') AND k2 <> ''
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (organization_id, list, k1, k2, shard) DO UPDATE SET n = c.n + excluded.n;
--> statement-breakpoint
DELETE FROM list_counts WHERE list IN ('nft_terms_a', 'nft_terms_b1') AND k2 <> '';
