-- B1 search terms of one or two characters through an index (issue #9): B1's `keyword` reads about
-- twenty fields (text, and numbers, booleans and dates as text), folded like JavaScript; a term too
-- short for a trigram used to test every one of them on every NFT of the organization (6–8 s at a
-- million NFTs, holding a read worker). `search_nfts_b1_short` holds, per NFT, one token for every
-- distinct one- and two-character substring of any of those fields' folded text
-- (lib/storage/sqlite/search/grams.ts b1Grams, `cl2c_b1_grams`), so such a keyword is one index lookup and its
-- total is exact without reading the rows (lib/nft-search/filter.ts shortFts).
-- The view is the one definition of a row's tokens: the triggers, this backfill, `db reindex` and
-- `db check` (lib/storage/sqlite/search/derived.ts) all read it. The field list and formats are those of
-- lib/nft-search/fields.ts textOf; the contract's name is folded from smart_contracts, which equals
-- the stored `contract_name_fold` B1 compares with.
CREATE VIEW `search_nfts_b1_source` AS SELECT n.rowid AS rid, n.smart_contract_id AS smart_contract_id, cl2c_b1_grams(
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
  ) AS grams
  FROM nfts n JOIN smart_contracts c ON c.id = n.smart_contract_id;
--> statement-breakpoint
CREATE VIRTUAL TABLE `search_nfts_b1_short` USING fts5(grams, tokenize = 'ascii', content = '', contentless_delete = 1, detail = 'none');
--> statement-breakpoint
CREATE TRIGGER `search_b1short_nfts_ai` AFTER INSERT ON `nfts` BEGIN
  INSERT INTO `search_nfts_b1_short` (rowid, grams) SELECT rid, grams FROM `search_nfts_b1_source` WHERE rid = new.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `search_b1short_nfts_ad` AFTER DELETE ON `nfts` BEGIN
  DELETE FROM `search_nfts_b1_short` WHERE rowid = old.rowid;
END;
--> statement-breakpoint
-- Every column the view reads except the stored folds (those follow name / the contract's name).
CREATE TRIGGER `search_b1short_nfts_au` AFTER UPDATE OF name, description, external_url, image_path, smart_contract_id, supply,
  status, minted_at, mint_transaction_hash, mint_logs, token_id, token_uri, token_owner, copyrighted, copyright_metadata,
  copyrighted_at, licence, signature, created_at, updated_at ON `nfts`
  WHEN old.name IS NOT new.name OR old.description IS NOT new.description OR old.external_url IS NOT new.external_url
    OR old.image_path IS NOT new.image_path OR old.smart_contract_id IS NOT new.smart_contract_id OR old.supply IS NOT new.supply
    OR old.status IS NOT new.status OR old.minted_at IS NOT new.minted_at OR old.mint_transaction_hash IS NOT new.mint_transaction_hash
    OR old.mint_logs IS NOT new.mint_logs OR old.token_id IS NOT new.token_id OR old.token_uri IS NOT new.token_uri
    OR old.token_owner IS NOT new.token_owner OR old.copyrighted IS NOT new.copyrighted
    OR old.copyright_metadata IS NOT new.copyright_metadata OR old.copyrighted_at IS NOT new.copyrighted_at
    OR old.licence IS NOT new.licence OR old.signature IS NOT new.signature OR old.created_at IS NOT new.created_at
    OR old.updated_at IS NOT new.updated_at BEGIN
  DELETE FROM `search_nfts_b1_short` WHERE rowid = old.rowid;
  INSERT INTO `search_nfts_b1_short` (rowid, grams) SELECT rid, grams FROM `search_nfts_b1_source` WHERE rid = new.rowid;
END;
--> statement-breakpoint
-- A contract rename changes the text of each of its NFTs (nfts_contract_idx finds them).
CREATE TRIGGER `search_b1short_contracts_au_name` AFTER UPDATE OF name ON `smart_contracts` WHEN old.name IS NOT new.name BEGIN
  DELETE FROM `search_nfts_b1_short` WHERE rowid IN (SELECT rowid FROM nfts WHERE smart_contract_id = new.id);
  INSERT INTO `search_nfts_b1_short` (rowid, grams) SELECT rid, grams FROM `search_nfts_b1_source` WHERE smart_contract_id = new.id;
END;
--> statement-breakpoint
INSERT INTO `search_nfts_b1_short` (rowid, grams) SELECT rid, grams FROM `search_nfts_b1_source`;
--> statement-breakpoint
-- One segment, as for search_nfts_short (0014): else later inserts merge the bulk build's pieces.
INSERT INTO `search_nfts_b1_short` (`search_nfts_b1_short`) VALUES ('optimize');
