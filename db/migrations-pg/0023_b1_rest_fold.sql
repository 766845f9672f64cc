-- B1's other keyword fields, folded and joined (cl2c_b1_rest, migration 0010), stored as a generated
-- column: the server computes it on every write, whatever writes the row (a COPY or psql included),
-- so it is never stale. A common keyword's count tested each of its hits by folding those ten fields
-- again (~5 µs a row: 0.27 s of a 0.35 s first count at a million NFTs); against the stored column
-- the test is a plain LIKE. The two indexes over the expression are rebuilt over the column, under
-- the same names and options (0018's small pending lists; dropped first: the table's rewrite would otherwise rebuild them as they were).
DROP INDEX IF EXISTS "nfts_search_b_rest_trgm";
--> statement-breakpoint
DROP INDEX IF EXISTS "nfts_search_b_rest_grams";
--> statement-breakpoint
ALTER TABLE "nfts" ADD COLUMN "rest_fold" text GENERATED ALWAYS AS (cl2c_b1_rest("description", "external_url", "image_path", "mint_transaction_hash", "mint_logs", "token_uri", "token_owner", "copyright_metadata", "licence", "signature")) STORED NOT NULL;
--> statement-breakpoint
CREATE INDEX "nfts_search_b_rest_trgm" ON "nfts" USING gin ("rest_fold" gin_trgm_ops) WITH (gin_pending_list_limit = 64);
--> statement-breakpoint
CREATE INDEX "nfts_search_b_rest_grams" ON "nfts" USING gin (cl2c_grams("rest_fold")) WITH (gin_pending_list_limit = 64);
