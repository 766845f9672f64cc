-- Search terms of one or two characters through an index (issue #9): the trigram index holds no
-- gram that short, so A5 `search=a` used to test LIKE on every NFT of the organization (seconds at a
-- million rows, for the page and again for its exact total). `search_nfts_short` holds, per NFT,
-- one token for every distinct one- and two-character substring of its name and of its
-- description under LIKE's case folding (lib/storage/sqlite/search/grams.ts, `cl2c_short_grams`), so such a term's
-- rows are one index lookup and its total is exact without reading them (lib/storage/sqlite/search/fts-count.ts).
-- Contentless like the trigram tables (rowid = the NFT's rowid), detail=none: only which rows hold
-- a token is needed. Kept by the triggers below in the writing transaction; `db reindex` rebuilds
-- it and `db check` verifies it (lib/storage/sqlite/search/derived.ts ftsSources).
CREATE VIRTUAL TABLE `search_nfts_short` USING fts5(grams, tokenize = 'ascii', content = '', contentless_delete = 1, detail = 'none');
--> statement-breakpoint
CREATE TRIGGER `search_short_nfts_ai` AFTER INSERT ON `nfts` BEGIN
  INSERT INTO `search_nfts_short` (rowid, grams) VALUES (new.rowid, cl2c_short_grams(new.name, new.description));
END;
--> statement-breakpoint
CREATE TRIGGER `search_short_nfts_ad` AFTER DELETE ON `nfts` BEGIN
  DELETE FROM `search_nfts_short` WHERE rowid = old.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `search_short_nfts_au` AFTER UPDATE OF name, description ON `nfts`
  WHEN old.name IS NOT new.name OR old.description IS NOT new.description BEGIN
  DELETE FROM `search_nfts_short` WHERE rowid = old.rowid;
  INSERT INTO `search_nfts_short` (rowid, grams) VALUES (new.rowid, cl2c_short_grams(new.name, new.description));
END;
--> statement-breakpoint
INSERT INTO `search_nfts_short` (rowid, grams) SELECT rowid, cl2c_short_grams(name, description) FROM `nfts`;
--> statement-breakpoint
-- One segment: left as the bulk insert wrote it, the index merged its pieces under later inserts,
-- a few hundred pages at a time (A6 p99 at a million NFTs: ~2× without this; 1.4 s here).
INSERT INTO `search_nfts_short` (`search_nfts_short`) VALUES ('optimize');
