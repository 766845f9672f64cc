-- B1's plain `keyword` (and an advancedSearch naming any of these fields) reads every text field
-- of an NFT, not only the two names nfts_search_b_trgm / nfts_search_b_grams hold. Without an index
-- over the others, a rare keyword tested each row of the organization. cl2c_b1_rest is the JavaScript
-- fold (cl2c_fold) of those fields joined by a line feed: a field holds a folded term only if the
-- joined text does (the fold maps code point by code point, and a line feed is neither cased nor
-- case-ignorable, so Final_Sigma sees each field's end as the field alone would), so the indexes
-- below narrow to a superset and the query's per-field condition decides (lib/storage/postgres/lists/nft-search.ts).
-- `||` and coalesce rather than concat_ws: concat_ws is only STABLE, an index expression must be IMMUTABLE.
CREATE FUNCTION cl2c_b1_rest(description text, external_url text, image_path text, mint_transaction_hash text, mint_logs text,
    token_uri text, token_owner text, copyright_metadata text, licence text, signature text)
  RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN cl2c_fold(coalesce(description, '') || E'\n' || coalesce(external_url, '') || E'\n' || coalesce(image_path, '') || E'\n'
    || coalesce(mint_transaction_hash, '') || E'\n' || coalesce(mint_logs, '') || E'\n' || coalesce(token_uri, '') || E'\n'
    || coalesce(token_owner, '') || E'\n' || coalesce(copyright_metadata, '') || E'\n' || coalesce(licence, '') || E'\n' || coalesce(signature, ''));
--> statement-breakpoint
CREATE INDEX "nfts_search_b_rest_trgm" ON "nfts" USING gin (cl2c_b1_rest("description", "external_url", "image_path", "mint_transaction_hash", "mint_logs",
  "token_uri", "token_owner", "copyright_metadata", "licence", "signature") gin_trgm_ops);
--> statement-breakpoint
-- One- and two-character terms: the grams of the joined text (a gram spanning two fields holds a line
-- feed, which only a term with one could ask for; the per-field condition decides).
CREATE INDEX "nfts_search_b_rest_grams" ON "nfts" USING gin (cl2c_grams(cl2c_b1_rest("description", "external_url", "image_path", "mint_transaction_hash", "mint_logs",
  "token_uri", "token_owner", "copyright_metadata", "licence", "signature")));
