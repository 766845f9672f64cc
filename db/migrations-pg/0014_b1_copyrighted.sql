-- B1's `advancedFilter: copyrighted eq …` (issue #28): its count reads a range of this index, its
-- default order (createdAt) walks it, as on SQLite (db/migrations/0029_b1_copyrighted.sql).
CREATE INDEX "nfts_b1_copyrighted_created_idx" ON "nfts" USING btree ("organization_id","copyrighted","created_at","id");
