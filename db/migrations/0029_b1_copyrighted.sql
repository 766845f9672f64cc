-- B1's `advancedFilter: copyrighted eq …` (issue #28): its total was counted by reading every NFT
-- row of the organization (~5 s at a million NFTs for each new search beside it). An
-- (organization, copyrighted, created_at, id) index makes the count a range of index entries and
-- the default order (createdAt) a walk of it (lib/storage/sqlite/nft-search/indexes.ts).
CREATE INDEX `nfts_b1_copyrighted_created_idx` ON `nfts` (`organization_id`,`copyrighted`,`created_at`,`id`);
