-- `nfts:fold_unsafe` per organization (issue #9): how many NFTs hold, in any text an NFT search
-- reads, a character that some fold turns into ASCII (cl2c_fold_unsafe, registered on every
-- connection by db/client.ts; lib/nft-search/fold-function.ts). While it is 0, an ASCII term's
-- exact total is read off the trigram index alone (lib/storage/sqlite/search/fts-count.ts). Kept by triggers in
-- the same transaction as any write; `db reindex` / `db check` recompute it (lib/storage/sqlite/search/derived.ts
-- countersSql). The contract's name is seen through nfts.contract_name_fold, which the
-- search_fold_* triggers keep (a contract rename updates it, and so fires the update trigger).
-- Named search_* so the documented bulk path drops and restores them.
CREATE TRIGGER `search_unsafe_nfts_ai` AFTER INSERT ON `nfts`
WHEN cl2c_fold_unsafe(new.name, new.description, new.external_url, new.image_path, new.mint_transaction_hash, new.mint_logs,
  new.token_uri, new.token_owner, new.copyright_metadata, new.licence, new.signature, new.contract_name_fold) BEGIN
  INSERT INTO search_counters (organization_id, name, n) VALUES (new.organization_id, 'nfts:fold_unsafe', 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `search_unsafe_nfts_ad` AFTER DELETE ON `nfts`
WHEN cl2c_fold_unsafe(old.name, old.description, old.external_url, old.image_path, old.mint_transaction_hash, old.mint_logs,
  old.token_uri, old.token_owner, old.copyright_metadata, old.licence, old.signature, old.contract_name_fold) BEGIN
  UPDATE search_counters SET n = n - 1 WHERE organization_id = old.organization_id AND name = 'nfts:fold_unsafe';
END;
--> statement-breakpoint
CREATE TRIGGER `search_unsafe_nfts_au` AFTER UPDATE OF name, description, external_url, image_path, mint_transaction_hash, mint_logs,
  token_uri, token_owner, copyright_metadata, licence, signature, contract_name_fold, organization_id ON `nfts` BEGIN
  UPDATE search_counters SET n = n - 1 WHERE organization_id = old.organization_id AND name = 'nfts:fold_unsafe'
    AND cl2c_fold_unsafe(old.name, old.description, old.external_url, old.image_path, old.mint_transaction_hash, old.mint_logs,
      old.token_uri, old.token_owner, old.copyright_metadata, old.licence, old.signature, old.contract_name_fold);
  INSERT INTO search_counters (organization_id, name, n)
    SELECT new.organization_id, 'nfts:fold_unsafe', 1
    WHERE cl2c_fold_unsafe(new.name, new.description, new.external_url, new.image_path, new.mint_transaction_hash, new.mint_logs,
      new.token_uri, new.token_owner, new.copyright_metadata, new.licence, new.signature, new.contract_name_fold)
    ON CONFLICT DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
INSERT INTO search_counters (organization_id, name, n)
  SELECT organization_id, 'nfts:fold_unsafe', count(*) FROM nfts
  WHERE cl2c_fold_unsafe(name, description, external_url, image_path, mint_transaction_hash, mint_logs,
    token_uri, token_owner, copyright_metadata, licence, signature, contract_name_fold)
  GROUP BY organization_id
  ON CONFLICT DO UPDATE SET n = excluded.n;
