-- No JavaScript inside the database (issue #28): the triggers of 0010, 0012, 0014 and 0015 called
-- functions only the app registers (cl2c_fold, cl2c_fold_unsafe, cl2c_short_grams, cl2c_b1_grams),
-- so any other tool writing `nfts` or `smart_contracts` — the sqlite3 shell, a restore or bulk-load
-- script — failed with "no such function". Every trigger below is plain SQL. The derived values that
-- need JavaScript (the stored folds, `fold_unsafe`, the short-term indexes' tokens) are now written
-- by the SQLite engine in the writing transaction itself (lib/storage/sqlite/derived-writes.ts, run
-- before every commit of the app's write connection): a trigger only notes which NFT needs which of
-- them in `search_nfts_pending`, and the engine computes and writes them and empties the queue. A
-- row another tool wrote stays queued: `db check` reports it, `db reindex` (or the app's next write)
-- writes its derived data. Named search_* so the documented bulk path drops and restores them.

-- Whether the NFT holds, in any text an NFT search reads, a character some fold turns into ASCII
-- (was only ever recomputed inside the triggers): the delete and update triggers need the old
-- row's answer to keep `nfts:fold_unsafe` exact without calling JavaScript. Engine-internal: the
-- domain schema (db/schema.ts) does not model it. 0 for a row another tool inserts until the engine
-- computes it; meanwhile the row is queued, and lib/storage/sqlite/search/fts-count.ts does not trust the counter
-- while anything is queued.
ALTER TABLE `nfts` ADD `fold_unsafe` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE `nfts` SET `fold_unsafe` = 1 WHERE cl2c_fold_unsafe(name, description, external_url, image_path, mint_transaction_hash,
  mint_logs, token_uri, token_owner, copyright_metadata, licence, signature, contract_name_fold);
--> statement-breakpoint
-- rid = the NFT's rowid; each flag names a derived value to (re)write: the stored folds and
-- fold_unsafe, the `search_nfts_short` tokens, the `search_nfts_b1_short` tokens.
CREATE TABLE `search_nfts_pending` (
  `rid` integer PRIMARY KEY NOT NULL,
  `folds` integer DEFAULT 0 NOT NULL,
  `short` integer DEFAULT 0 NOT NULL,
  `b1` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP TRIGGER `search_fold_nfts_ai`;
--> statement-breakpoint
DROP TRIGGER `search_fold_nfts_au`;
--> statement-breakpoint
DROP TRIGGER `search_fold_contracts_au_name`;
--> statement-breakpoint
DROP TRIGGER `search_unsafe_nfts_ai`;
--> statement-breakpoint
DROP TRIGGER `search_unsafe_nfts_ad`;
--> statement-breakpoint
DROP TRIGGER `search_unsafe_nfts_au`;
--> statement-breakpoint
DROP TRIGGER `search_short_nfts_ai`;
--> statement-breakpoint
DROP TRIGGER `search_short_nfts_au`;
--> statement-breakpoint
DROP TRIGGER `search_b1short_nfts_ai`;
--> statement-breakpoint
DROP TRIGGER `search_b1short_nfts_au`;
--> statement-breakpoint
DROP TRIGGER `search_b1short_contracts_au_name`;
--> statement-breakpoint
-- Its SELECT called cl2c_b1_grams: reading it failed in any other tool. The row's tokens are defined
-- once in lib/storage/sqlite/derived-writes.ts now.
DROP VIEW `search_nfts_b1_source`;
--> statement-breakpoint
CREATE TRIGGER `search_pending_nfts_ai` AFTER INSERT ON `nfts` BEGIN
  INSERT INTO search_nfts_pending (rid, folds, short, b1) VALUES (new.rowid, 1, 1, 1)
    ON CONFLICT DO UPDATE SET folds = 1, short = 1, b1 = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `search_pending_nfts_ad` AFTER DELETE ON `nfts` BEGIN
  DELETE FROM search_nfts_pending WHERE rid = old.rowid;
END;
--> statement-breakpoint
-- The folds follow name and the contract; fold_unsafe every text a search reads.
CREATE TRIGGER `search_pending_folds_nfts_au` AFTER UPDATE OF name, description, external_url, image_path, smart_contract_id,
  mint_transaction_hash, mint_logs, token_uri, token_owner, copyright_metadata, licence, signature ON `nfts`
  WHEN old.name IS NOT new.name OR old.description IS NOT new.description OR old.external_url IS NOT new.external_url
    OR old.image_path IS NOT new.image_path OR old.smart_contract_id IS NOT new.smart_contract_id
    OR old.mint_transaction_hash IS NOT new.mint_transaction_hash OR old.mint_logs IS NOT new.mint_logs
    OR old.token_uri IS NOT new.token_uri OR old.token_owner IS NOT new.token_owner
    OR old.copyright_metadata IS NOT new.copyright_metadata OR old.licence IS NOT new.licence OR old.signature IS NOT new.signature BEGIN
  INSERT INTO search_nfts_pending (rid, folds) VALUES (new.rowid, 1) ON CONFLICT DO UPDATE SET folds = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `search_short_nfts_au` AFTER UPDATE OF name, description ON `nfts`
  WHEN old.name IS NOT new.name OR old.description IS NOT new.description BEGIN
  DELETE FROM `search_nfts_short` WHERE rowid = old.rowid;
  INSERT INTO search_nfts_pending (rid, short) VALUES (new.rowid, 1) ON CONFLICT DO UPDATE SET short = 1;
END;
--> statement-breakpoint
-- Every column B1's keyword reads except the stored folds (those follow name / the contract's name).
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
  INSERT INTO search_nfts_pending (rid, b1) VALUES (new.rowid, 1) ON CONFLICT DO UPDATE SET b1 = 1;
END;
--> statement-breakpoint
-- A contract rename changes its NFTs' contract fold and B1 text (nfts_contract_idx finds them).
CREATE TRIGGER `search_pending_contracts_au_name` AFTER UPDATE OF name ON `smart_contracts` WHEN old.name IS NOT new.name BEGIN
  DELETE FROM `search_nfts_b1_short` WHERE rowid IN (SELECT rowid FROM nfts WHERE smart_contract_id = new.id);
  INSERT INTO search_nfts_pending (rid, folds, b1) SELECT rowid, 1, 1 FROM nfts WHERE smart_contract_id = new.id
    ON CONFLICT DO UPDATE SET folds = 1, b1 = 1;
END;
--> statement-breakpoint
-- `nfts:fold_unsafe` per organization follows the stored flag.
CREATE TRIGGER `search_unsafe_nfts_ai` AFTER INSERT ON `nfts` WHEN new.fold_unsafe BEGIN
  INSERT INTO search_counters (organization_id, name, n) VALUES (new.organization_id, 'nfts:fold_unsafe', 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `search_unsafe_nfts_ad` AFTER DELETE ON `nfts` WHEN old.fold_unsafe BEGIN
  UPDATE search_counters SET n = n - 1 WHERE organization_id = old.organization_id AND name = 'nfts:fold_unsafe';
END;
--> statement-breakpoint
CREATE TRIGGER `search_unsafe_nfts_au` AFTER UPDATE OF fold_unsafe, organization_id ON `nfts`
  WHEN old.fold_unsafe IS NOT new.fold_unsafe OR old.organization_id IS NOT new.organization_id BEGIN
  UPDATE search_counters SET n = n - 1 WHERE old.fold_unsafe AND organization_id = old.organization_id AND name = 'nfts:fold_unsafe';
  INSERT INTO search_counters (organization_id, name, n) SELECT new.organization_id, 'nfts:fold_unsafe', 1 WHERE new.fold_unsafe
    ON CONFLICT DO UPDATE SET n = n + 1;
END;
