-- B1's `advancedFilter: copyrighted eq …` (issue #28): its total was a count of its index range
-- (0.6 s at a million NFTs for `false`) and, in an order led by status, one count per status that
-- looked up every row of the range (4 × 0.1–0.3 s). `nfts:copyrighted:status:<S>` counts the
-- organization's copyrighted NFTs of each status, kept by these triggers in the write's own
-- transaction; the rest is the status counters' difference (lib/storage/sqlite/lists/nft-search.ts
-- copyrightedRows). `db check` / `db reindex` recompute it (lib/storage/sqlite/search/derived.ts countersSql).
CREATE TRIGGER `search_copyrighted_nfts_ai` AFTER INSERT ON `nfts` WHEN new.copyrighted BEGIN
  INSERT INTO search_counters (organization_id, name, n) VALUES (new.organization_id, 'nfts:copyrighted:status:' || new.status, 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `search_copyrighted_nfts_ad` AFTER DELETE ON `nfts` WHEN old.copyrighted BEGIN
  UPDATE search_counters SET n = n - 1 WHERE organization_id = old.organization_id AND name = 'nfts:copyrighted:status:' || old.status;
END;
--> statement-breakpoint
CREATE TRIGGER `search_copyrighted_nfts_au` AFTER UPDATE OF copyrighted, status, organization_id ON `nfts`
  WHEN (old.copyrighted OR new.copyrighted)
    AND (old.copyrighted IS NOT new.copyrighted OR old.status IS NOT new.status OR old.organization_id IS NOT new.organization_id) BEGIN
  UPDATE search_counters SET n = n - 1 WHERE old.copyrighted AND organization_id = old.organization_id AND name = 'nfts:copyrighted:status:' || old.status;
  INSERT INTO search_counters (organization_id, name, n) SELECT new.organization_id, 'nfts:copyrighted:status:' || new.status, 1 WHERE new.copyrighted
    ON CONFLICT DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
INSERT INTO search_counters (organization_id, name, n)
  SELECT organization_id, 'nfts:copyrighted:status:' || status, count(*) FROM nfts WHERE copyrighted GROUP BY organization_id, status
  ON CONFLICT DO UPDATE SET n = excluded.n;
