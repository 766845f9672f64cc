-- B1 under `status eq` sorted by tokenId or smartContractName: (organization, status, key, id) like
-- the other sorts, as on SQLite (db/migrations/0030_b1_status_sorts.sql).
CREATE INDEX "nfts_b1_status_token_id_idx" ON "nfts" USING btree ("organization_id","status","token_id","id");--> statement-breakpoint
CREATE INDEX "nfts_b1_status_contract_name_fold_id_idx" ON "nfts" USING btree ("organization_id","status","contract_name_fold","id");