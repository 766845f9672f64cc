-- B1's name searched alone (`advancedSearch: {fields: ["name"]}`) counted off stored words too:
-- list_counts keys `nft_words_b1_name` (k1 word of name_fold, k2 `status copyrighted`), kept by 0024's
-- trigger and view, which call cl2c_nft_words — replaced here to yield them as well. A common name
-- word's first count read its trigram hits' rows (~0.15–0.3 s at a million NFTs).
CREATE OR REPLACE FUNCTION cl2c_nft_words(name text, description text, status text, copyright_status text, name_fold text, contract_name_fold text, rest_fold text, copyrighted boolean)
  RETURNS TABLE (list text, word text, k2 text) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 'nft_words_a', w, status || ' ' || copyright_status
    FROM cl2c_words(cl2c_ascii_lower(coalesce(name, '') || ' ' || coalesce(description, ''))) w
  UNION ALL
  SELECT 'nft_words_b1', w, status || ' ' || copyrighted::text
    FROM cl2c_words(coalesce(name_fold, '') || ' ' || coalesce(contract_name_fold, '') || ' ' || coalesce(rest_fold, '')) w
  UNION ALL
  SELECT 'nft_words_b1_name', w, status || ' ' || copyrighted::text FROM cl2c_words(name_fold) w
$$;
--> statement-breakpoint
INSERT INTO list_counts (organization_id, list, k1, k2, shard, n)
  SELECT r.organization_id, 'nft_words_b1_name', w, r.status || ' ' || r.copyrighted::text, 0, count(*) FROM nfts r
    CROSS JOIN LATERAL cl2c_words(r.name_fold) w
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4;
--> statement-breakpoint
DROP INDEX "list_counts_words_trgm";
--> statement-breakpoint
CREATE INDEX "list_counts_words_trgm" ON "list_counts" USING gin ("k1" gin_trgm_ops) WHERE "list" IN ('nft_words_a', 'nft_words_b1', 'nft_words_b1_name');
--> statement-breakpoint
ANALYZE "list_counts";
