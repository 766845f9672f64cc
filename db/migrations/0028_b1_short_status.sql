-- B1's status filter inside B1's short-term index (issue #28): a one- or two-character keyword is in
-- most NFTs, so its total under `advancedFilter: status eq …` was counted by looking up every hit's
-- row (~1 s at a million NFTs for each new keyword × status). Each row of `search_nfts_b1_short`
-- now also holds its status as a token (`s` + the status, lower-cased: `sminted`; a gram's token
-- begins with `u` or `b`), so such a total is one index query (lib/storage/sqlite/nft-search/search-index.ts).
-- The row's tokens already follow its status (search_b1short_nfts_au). Rebuilt with the statement
-- the engine writes (lib/storage/sqlite/derived-writes.ts b1GramsSql); a queued row (written by
-- another tool) keeps waiting for the engine.
INSERT INTO `search_nfts_b1_short` (`search_nfts_b1_short`) VALUES ('delete-all');
--> statement-breakpoint
INSERT INTO `search_nfts_b1_short` (rowid, grams) SELECT rid, grams FROM (SELECT n.rowid AS rid, cl2c_b1_grams(
    n.name, n.description, n.external_url, n.image_path, c.name,
    cast(n.supply AS text),
    CASE WHEN n.status = 'MINTED' THEN 'true' ELSE 'false' END,
    strftime('%Y-%m-%dT%H:%M:%S', n.minted_at / 1000, 'unixepoch') || '.' || printf('%03d', n.minted_at % 1000) || 'Z',
    n.mint_transaction_hash, n.mint_logs,
    cast(n.token_id AS text),
    n.token_uri, n.token_owner,
    CASE WHEN n.copyrighted THEN 'true' ELSE 'false' END,
    n.copyright_metadata,
    strftime('%Y-%m-%dT%H:%M:%S', n.copyrighted_at / 1000, 'unixepoch') || '.' || printf('%03d', n.copyrighted_at % 1000) || 'Z',
    n.licence, n.signature,
    strftime('%Y-%m-%dT%H:%M:%S', n.created_at / 1000, 'unixepoch') || '.' || printf('%03d', n.created_at % 1000) || 'Z',
    strftime('%Y-%m-%dT%H:%M:%S', n.updated_at / 1000, 'unixepoch') || '.' || printf('%03d', n.updated_at % 1000) || 'Z'
  ) || ' s' || lower(n.status) AS grams
  FROM nfts n JOIN smart_contracts c ON c.id = n.smart_contract_id
  WHERE n.rowid NOT IN (SELECT rid FROM search_nfts_pending WHERE b1));
--> statement-breakpoint
INSERT INTO `search_nfts_b1_short` (`search_nfts_b1_short`) VALUES ('optimize');
