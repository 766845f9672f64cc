-- B1 sorts its string keys by their fold in code-point order (`name_fold COLLATE "C"`: SQLite's
-- order, whatever the database's default collation), ties by id (UUIDs sort alike in every
-- collation). An index serves an ORDER BY only in the same collation, and nfts_b1_*_fold_id_idx are
-- in the database's default one: on a database made with any other collation (C.UTF-8 included) a
-- B1 page sorted by name read and sorted every NFT of the organization. These are the same keys in "C".
CREATE INDEX "nfts_b1_name_fold_c_idx" ON "nfts" ("organization_id", "name_fold" COLLATE "C", "id");
--> statement-breakpoint
CREATE INDEX "nfts_b1_status_name_fold_c_idx" ON "nfts" ("organization_id", "status", "name_fold" COLLATE "C", "id");
--> statement-breakpoint
CREATE INDEX "nfts_b1_contract_name_fold_c_idx" ON "nfts" ("organization_id", "contract_name_fold" COLLATE "C", "id");
