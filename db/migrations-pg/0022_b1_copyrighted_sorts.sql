-- B1's sparse `copyrighted eq true` filter (issue #28): the copyrighted NFTs alone, with every B1
-- sort key, so that any order of them is an index-only scan and a sort of its entries instead of a walk
-- of a sort index past every other row (lib/storage/postgres/lists/nft-search.ts). Written on an
-- NFT's write only while the NFT is copyrighted. As db/migrations/0033 on SQLite.
CREATE INDEX "nfts_b1_copyrighted_sorts_idx" ON "nfts" USING btree ("organization_id","created_at","id","status","supply","minted_at","token_id","updated_at","name_fold","contract_name_fold") WHERE "nfts"."copyrighted" = true;