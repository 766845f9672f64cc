-- B1's sparse `copyrighted eq true` filter (issue #28): its rows were looked up and sorted, or a walk
-- of the sort index crossed every row before the copyrighted ones (at a million NFTs, 50k
-- copyrighted, sorted by supply descending: ~1.2 s for page 1). This partial index holds only the
-- copyrighted rows, with every B1 sort key, so any order is a sort of index entries (~20–50 ms).
-- It changes on an NFT's write only while the NFT is copyrighted.
CREATE INDEX `nfts_b1_copyrighted_sorts_idx` ON `nfts` (`organization_id`,`created_at`,`id`,`status`,`supply`,`minted_at`,`token_id`,`updated_at`,`name_fold`,`contract_name_fold`) WHERE "nfts"."copyrighted" = 1;