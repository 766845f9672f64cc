-- B1 stored folds (issue #9): `nfts.name_fold` = cl2c_fold(name) and `nfts.contract_name_fold` =
-- cl2c_fold(the contract's name), where cl2c_fold is JavaScript's toLowerCase, registered on every
-- connection by db/client.ts (lib/nft-search/fold-function.ts). Kept by triggers in the same
-- transaction as any write, whichever code path makes it; `db reindex` recomputes them after a bulk
-- import that bypassed the triggers and `db check` verifies them (lib/nft-search/fold-maintenance.ts
-- holds the same expressions). Named search_* so the documented bulk path drops and restores them.
CREATE TRIGGER `search_fold_nfts_ai` AFTER INSERT ON `nfts` BEGIN
  UPDATE nfts SET name_fold = cl2c_fold(new.name),
    contract_name_fold = coalesce((SELECT cl2c_fold(name) FROM smart_contracts WHERE id = new.smart_contract_id), '')
  WHERE rowid = new.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `search_fold_nfts_au` AFTER UPDATE OF name, smart_contract_id ON `nfts` BEGIN
  UPDATE nfts SET name_fold = cl2c_fold(new.name),
    contract_name_fold = coalesce((SELECT cl2c_fold(name) FROM smart_contracts WHERE id = new.smart_contract_id), '')
  WHERE rowid = new.rowid;
END;
--> statement-breakpoint
-- A contract rename re-folds its NFTs' denormalized contract name (nfts_contract_idx finds them).
CREATE TRIGGER `search_fold_contracts_au_name` AFTER UPDATE OF name ON `smart_contracts` WHEN old.name IS NOT new.name BEGIN
  UPDATE nfts SET contract_name_fold = cl2c_fold(new.name) WHERE smart_contract_id = new.id;
END;
--> statement-breakpoint
UPDATE nfts SET name_fold = cl2c_fold(name),
  contract_name_fold = coalesce((SELECT cl2c_fold(c.name) FROM smart_contracts c WHERE c.id = nfts.smart_contract_id), '');
