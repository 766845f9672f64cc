-- B1 range totals over `supply` without reading the range (issue #9): how many NFTs of each
-- (organization, status) hold each supply value. A total of `supply >= 20` (alone or with
-- `status eq`) is then a sum over the distinct values in the range — a few dozen rows for real
-- editions — instead of a count over up to a million index entries, and it stays exact across
-- writes: the triggers below keep it in the same transaction as any insert, delete or change of
-- an NFT's organization, status or supply. Until now such totals came from paging anchors that
-- every write made stale, and rebuilding them held a read worker for 60–210 ms at a million NFTs
-- (lib/nft-search/range-count.ts). `db reindex` rebuilds it and `db check` compares it with a
-- recomputation (lib/storage/sqlite/search/derived.ts supplyCountsSql); rows whose count reaches 0 are removed.
CREATE TABLE `nft_supply_counts` (
  `organization_id` text NOT NULL,
  `status` text NOT NULL,
  `supply` integer NOT NULL,
  `n` integer NOT NULL,
  PRIMARY KEY (`organization_id`, `status`, `supply`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `nft_supply_counts` (organization_id, status, supply, n)
  SELECT organization_id, status, supply, count(*) FROM nfts GROUP BY organization_id, status, supply;
--> statement-breakpoint
CREATE TRIGGER `search_supply_nfts_ai` AFTER INSERT ON `nfts` BEGIN
  INSERT INTO nft_supply_counts (organization_id, status, supply, n) VALUES (new.organization_id, new.status, new.supply, 1)
    ON CONFLICT DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `search_supply_nfts_ad` AFTER DELETE ON `nfts` BEGIN
  UPDATE nft_supply_counts SET n = n - 1 WHERE organization_id = old.organization_id AND status = old.status AND supply = old.supply;
  DELETE FROM nft_supply_counts WHERE organization_id = old.organization_id AND status = old.status AND supply = old.supply AND n <= 0;
END;
--> statement-breakpoint
CREATE TRIGGER `search_supply_nfts_au` AFTER UPDATE OF organization_id, status, supply ON `nfts`
  WHEN old.organization_id IS NOT new.organization_id OR old.status IS NOT new.status OR old.supply IS NOT new.supply BEGIN
  UPDATE nft_supply_counts SET n = n - 1 WHERE organization_id = old.organization_id AND status = old.status AND supply = old.supply;
  DELETE FROM nft_supply_counts WHERE organization_id = old.organization_id AND status = old.status AND supply = old.supply AND n <= 0;
  INSERT INTO nft_supply_counts (organization_id, status, supply, n) VALUES (new.organization_id, new.status, new.supply, 1)
    ON CONFLICT DO UPDATE SET n = n + 1;
END;
