-- B1 sorts a NULL-able key NULL first ascending and last descending (SQLite's order): tokenId's
-- indexes in that order, or every tokenId page sorted the organization's NFTs (~350 ms at a million).
DROP INDEX "nfts_b1_token_id_idx";--> statement-breakpoint
DROP INDEX "nfts_b1_status_token_id_idx";--> statement-breakpoint
CREATE INDEX "nfts_b1_token_id_idx" ON "nfts" USING btree ("organization_id","token_id" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "nfts_b1_status_token_id_idx" ON "nfts" USING btree ("organization_id","status","token_id" NULLS FIRST,"id");