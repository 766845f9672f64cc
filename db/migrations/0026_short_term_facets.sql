-- A5's filters inside the short-term index (issue #28): a one- or two-character term is in most
-- NFTs, so its total under a status or copyright filter was counted by looking up every hit's row
-- (`a` + status at a million NFTs: ~930k lookups, 0.4 s for each new term × filter). Each row of
-- `search_nfts_short` now also holds one token for its status (`s` + the status, lower-cased:
-- `sminted`) and one for its copyright status (`cnone`, `ccopyrighted`, …), so such a total is
-- one index query (`"u61" AND "sminted"`: ~20 ms) — lib/storage/sqlite/lists/nfts.ts. A gram's
-- token begins with `u` or `b` (lib/storage/sqlite/grams.ts): the two kinds never meet. The
-- engine writes the tokens (lib/storage/sqlite/derived-writes.ts shortGramsSql); a change of
-- status or copyright status now queues the row like a change of its name does.
DROP TRIGGER `search_short_nfts_au`;
--> statement-breakpoint
CREATE TRIGGER `search_short_nfts_au` AFTER UPDATE OF name, description, status, copyright_status ON `nfts`
  WHEN old.name IS NOT new.name OR old.description IS NOT new.description OR old.status IS NOT new.status
    OR old.copyright_status IS NOT new.copyright_status BEGIN
  DELETE FROM `search_nfts_short` WHERE rowid = old.rowid;
  INSERT INTO search_nfts_pending (rid, short) VALUES (new.rowid, 1) ON CONFLICT DO UPDATE SET short = 1;
END;
--> statement-breakpoint
-- Every row again, with its filter tokens; a queued row (written by another tool) keeps waiting for
-- the engine, which writes it whole.
INSERT INTO `search_nfts_short` (`search_nfts_short`) VALUES ('delete-all');
--> statement-breakpoint
INSERT INTO `search_nfts_short` (rowid, grams)
  SELECT rowid, cl2c_short_grams(name, description) || ' s' || lower(status) || ' c' || lower(copyright_status) FROM `nfts`
  WHERE rowid NOT IN (SELECT rid FROM search_nfts_pending WHERE short);
--> statement-breakpoint
INSERT INTO `search_nfts_short` (`search_nfts_short`) VALUES ('optimize');
