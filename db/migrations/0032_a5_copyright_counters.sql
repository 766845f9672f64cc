-- A5's `copyrightStatus` filter without a search (issue #28): its total was a count of its index
-- range (~0.12 s for NONE at a million NFTs, once per filter and write generation — a sampled
-- bench's p99). `nfts:copyright:<C>:status:<S>` counts the organization's NFTs of copyright status
-- C (every status but NONE, which nearly every NFT holds — a new NFT writes no counter) and status
-- S, kept by these triggers in the write's own transaction; NONE is the status counters' difference
-- (lib/storage/sqlite/lists/nfts.ts copyrightTotal). `db check` / `db reindex` recompute them
-- (lib/storage/sqlite/search/derived.ts countersSql).
CREATE TRIGGER `search_copyright_nfts_ai` AFTER INSERT ON `nfts` WHEN new.copyright_status <> 'NONE' BEGIN
  INSERT INTO search_counters (organization_id, name, n) VALUES (new.organization_id, 'nfts:copyright:' || new.copyright_status || ':status:' || new.status, 1)
    ON CONFLICT DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `search_copyright_nfts_ad` AFTER DELETE ON `nfts` WHEN old.copyright_status <> 'NONE' BEGIN
  UPDATE search_counters SET n = n - 1 WHERE organization_id = old.organization_id AND name = 'nfts:copyright:' || old.copyright_status || ':status:' || old.status;
END;
--> statement-breakpoint
CREATE TRIGGER `search_copyright_nfts_au` AFTER UPDATE OF copyright_status, status, organization_id ON `nfts`
  WHEN (old.copyright_status <> 'NONE' OR new.copyright_status <> 'NONE')
    AND (old.copyright_status IS NOT new.copyright_status OR old.status IS NOT new.status OR old.organization_id IS NOT new.organization_id) BEGIN
  UPDATE search_counters SET n = n - 1
    WHERE old.copyright_status <> 'NONE' AND organization_id = old.organization_id AND name = 'nfts:copyright:' || old.copyright_status || ':status:' || old.status;
  INSERT INTO search_counters (organization_id, name, n)
    SELECT new.organization_id, 'nfts:copyright:' || new.copyright_status || ':status:' || new.status, 1 WHERE new.copyright_status <> 'NONE'
    ON CONFLICT DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
INSERT INTO search_counters (organization_id, name, n)
  SELECT organization_id, 'nfts:copyright:' || copyright_status || ':status:' || status, count(*) FROM nfts
  WHERE copyright_status <> 'NONE' GROUP BY organization_id, copyright_status, status
  ON CONFLICT DO UPDATE SET n = excluded.n;
