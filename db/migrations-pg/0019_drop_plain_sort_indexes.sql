-- Ten (organization[, filter], sort, id) indexes on nfts that no query can use: every name and fold
-- order and comparison is COLLATE "C" (the 0006 and 0011 indexes serve them), every minted_at order
-- puts NULLs first ascending (the 0006 NULLS FIRST indexes). Each NFT write updated them all. B1
-- under `status eq` sorted by smartContractName gets the index in "C" it lacked (it sorted every
-- NFT of the status).
CREATE INDEX "nfts_b1_status_contract_name_fold_c_idx" ON "nfts" ("organization_id", "status", "contract_name_fold" COLLATE "C", "id");
--> statement-breakpoint
DROP INDEX "nfts_org_name_id_idx";--> statement-breakpoint
DROP INDEX "nfts_org_minted_id_idx";--> statement-breakpoint
DROP INDEX "nfts_org_status_name_id_idx";--> statement-breakpoint
DROP INDEX "nfts_org_status_minted_id_idx";--> statement-breakpoint
DROP INDEX "nfts_org_copyright_name_id_idx";--> statement-breakpoint
DROP INDEX "nfts_org_copyright_minted_id_idx";--> statement-breakpoint
DROP INDEX "nfts_b1_name_fold_id_idx";--> statement-breakpoint
DROP INDEX "nfts_b1_contract_name_fold_id_idx";--> statement-breakpoint
DROP INDEX "nfts_b1_status_name_fold_id_idx";--> statement-breakpoint
DROP INDEX "nfts_b1_status_contract_name_fold_id_idx";