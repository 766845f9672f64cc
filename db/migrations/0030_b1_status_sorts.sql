-- B1 under `advancedFilter: status eq …` sorted by tokenId or smartContractName (issue #28): the walk
-- read the sort's own index and tested each row's status — tokenId ascending crossed the ~750k NFTs
-- not minted (token_id NULL, sorted first) before the first MINTED one, 4 s for every page 1 at a
-- million NFTs. (organization, status, key, id) like the other sorts (lib/storage/sqlite/nft-search/indexes.ts).
CREATE INDEX `nfts_b1_status_token_id_idx` ON `nfts` (`organization_id`,`status`,`token_id`,`id`);--> statement-breakpoint
CREATE INDEX `nfts_b1_status_contract_name_fold_id_idx` ON `nfts` (`organization_id`,`status`,`contract_name_fold`,`id`);
