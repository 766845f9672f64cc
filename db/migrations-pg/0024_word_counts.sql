-- Stored counts per word, so a common term's search total is read instead of counted. pg_trgm
-- cannot count a substring from its index (every hit is rechecked on its row: a common term's first
-- count visits nearly every heap page of the organization, ~0.2 s at a million NFTs). A word is a
-- maximal run of the folded text's characters outside ASCII punctuation, spaces and controls
-- (cl2c_words): a term made only of such characters lies within one word wherever it occurs, so the
-- rows holding it are the rows holding some word that contains it — and when exactly one stored
-- word contains it, its total is that word's count (lib/storage/postgres/lists/word-count.ts; two
-- or more such words may share rows, and the caller counts the rows instead).
--
-- Keys of list_counts, kept by a statement trigger in the write's own transaction like every other
-- key (sharded by backend, checked and repaired by `db check` / `db reindex` through the view):
--   nft_words_a  (A5: name and description, ASCII-lowered)       k1 word, k2 `status copyright_status`
--   nft_words_b1 (B1: both name folds and rest_fold, as its keyword reads the text fields)
--                                                                 k1 word, k2 `status copyrighted`
-- Words shorter than three characters are not kept (a shorter term is counted through its gram,
-- migration 0020), nor words a hexadecimal string could hold (`^(0?x)?[0-9a-f]*$`: numbers,
-- hashes, addresses — unique per row, they would only bloat the table); a term such a word could
-- contain is counted as before.
CREATE FUNCTION cl2c_words(t text) RETURNS SETOF text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(t, '[^0-9A-Za-z\x80-\U0010FFFF]+') w
  WHERE length(w) >= 3 AND w !~ '^(0?x)?[0-9a-f]*$'
$$;
--> statement-breakpoint
-- The (list, word, k2) keys an NFT counts under.
CREATE FUNCTION cl2c_nft_words(name text, description text, status text, copyright_status text, name_fold text, contract_name_fold text, rest_fold text, copyrighted boolean)
  RETURNS TABLE (list text, word text, k2 text) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 'nft_words_a', w, status || ' ' || copyright_status
    FROM cl2c_words(cl2c_ascii_lower(coalesce(name, '') || ' ' || coalesce(description, ''))) w
  UNION ALL
  SELECT 'nft_words_b1', w, status || ' ' || copyrighted::text
    FROM cl2c_words(coalesce(name_fold, '') || ' ' || coalesce(contract_name_fold, '') || ' ' || coalesce(rest_fold, '')) w
$$;
--> statement-breakpoint
-- An update moves a row's word keys only where an input changed (a supply or timestamp update
-- moves none, and its words are not computed).
CREATE FUNCTION cl2c_count_nft_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO list_counts AS c (organization_id, list, k1, k2, shard, n)
      SELECT r.organization_id, w.list, w.word, w.k2, (pg_backend_pid() % 8)::smallint, count(*) FROM new_rows r
        CROSS JOIN LATERAL cl2c_nft_words(r.name, r.description, r.status, r.copyright_status, r.name_fold, r.contract_name_fold, r.rest_fold, r.copyrighted) w
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (organization_id, list, k1, k2, shard) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO list_counts AS c (organization_id, list, k1, k2, shard, n)
      SELECT r.organization_id, w.list, w.word, w.k2, (pg_backend_pid() % 8)::smallint, -count(*) FROM old_rows r
        CROSS JOIN LATERAL cl2c_nft_words(r.name, r.description, r.status, r.copyright_status, r.name_fold, r.contract_name_fold, r.rest_fold, r.copyrighted) w
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (organization_id, list, k1, k2, shard) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO list_counts AS c (organization_id, list, k1, k2, shard, n)
      SELECT x.organization_id, x.list, x.word, x.k2, (pg_backend_pid() % 8)::smallint, sum(x.d) FROM (
          SELECT r.organization_id, w.list, w.word, w.k2, 1 AS d FROM new_rows r
            CROSS JOIN LATERAL cl2c_nft_words(r.name, r.description, r.status, r.copyright_status, r.name_fold, r.contract_name_fold, r.rest_fold, r.copyrighted) w
            WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.id = r.id
              AND (o.organization_id, o.name, o.description, o.status, o.copyright_status, o.name_fold, o.contract_name_fold, o.rest_fold, o.copyrighted)
                IS NOT DISTINCT FROM (r.organization_id, r.name, r.description, r.status, r.copyright_status, r.name_fold, r.contract_name_fold, r.rest_fold, r.copyrighted))
          UNION ALL SELECT r.organization_id, w.list, w.word, w.k2, -1 FROM old_rows r
            CROSS JOIN LATERAL cl2c_nft_words(r.name, r.description, r.status, r.copyright_status, r.name_fold, r.contract_name_fold, r.rest_fold, r.copyrighted) w
            WHERE NOT EXISTS (SELECT 1 FROM new_rows o WHERE o.id = r.id
              AND (o.organization_id, o.name, o.description, o.status, o.copyright_status, o.name_fold, o.contract_name_fold, o.rest_fold, o.copyrighted)
                IS NOT DISTINCT FROM (r.organization_id, r.name, r.description, r.status, r.copyright_status, r.name_fold, r.contract_name_fold, r.rest_fold, r.copyrighted))) x
      GROUP BY 1, 2, 3, 4 HAVING sum(x.d) <> 0 ORDER BY 1, 2, 3, 4
      ON CONFLICT (organization_id, list, k1, k2, shard) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "nfts_words_ai" AFTER INSERT ON "nfts" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cl2c_count_nft_words();
--> statement-breakpoint
CREATE TRIGGER "nfts_words_ad" AFTER DELETE ON "nfts" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cl2c_count_nft_words();
--> statement-breakpoint
CREATE TRIGGER "nfts_words_au" AFTER UPDATE ON "nfts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cl2c_count_nft_words();
--> statement-breakpoint
CREATE OR REPLACE VIEW "list_counts_expected" AS
  SELECT organization_id, 'nfts'::text AS list, status AS k1, copyright_status AS k2, count(*) AS n FROM nfts GROUP BY 1, 3, 4
  UNION ALL SELECT organization_id, 'nft_supply', status, supply::text, count(*) FROM nfts GROUP BY 1, 3, 4
  UNION ALL SELECT organization_id, 'contracts', status, '', count(*) FROM smart_contracts GROUP BY 1, 3
  UNION ALL SELECT organization_id, 'members', status, has_wallet::text, count(*) FROM member_list GROUP BY 1, 3, 4
  UNION ALL SELECT r.organization_id, t.list, t.gram, '', count(*) FROM nfts r CROSS JOIN LATERAL cl2c_nft_terms(r.name, r.description, r.name_fold, r.contract_name_fold,
      cl2c_b1_rest(r.description, r.external_url, r.image_path, r.mint_transaction_hash, r.mint_logs, r.token_uri, r.token_owner, r.copyright_metadata, r.licence, r.signature),
      r.status, r.copyrighted) t GROUP BY 1, 2, 3, 4
  UNION ALL SELECT r.organization_id, w.list, w.word, w.k2, count(*) FROM nfts r
    CROSS JOIN LATERAL cl2c_nft_words(r.name, r.description, r.status, r.copyright_status, r.name_fold, r.contract_name_fold, r.rest_fold, r.copyrighted) w GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO list_counts (organization_id, list, k1, k2, shard, n)
  SELECT r.organization_id, w.list, w.word, w.k2, 0, count(*) FROM nfts r
    CROSS JOIN LATERAL cl2c_nft_words(r.name, r.description, r.status, r.copyright_status, r.name_fold, r.contract_name_fold, r.rest_fold, r.copyrighted) w
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4;
--> statement-breakpoint
-- The words holding a term, found like any substring: a trigram index over the words alone.
CREATE INDEX "list_counts_words_trgm" ON "list_counts" USING gin ("k1" gin_trgm_ops) WHERE "list" IN ('nft_words_a', 'nft_words_b1');
--> statement-breakpoint
-- Statistics for the new keys now: without them the planner takes the organization's range of the
-- primary key for a term's words (every word of the organization read, ~0.5 s at a million NFTs)
-- instead of the trigram index, until autovacuum next analyzes the table.
ANALYZE "list_counts";
