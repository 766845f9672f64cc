-- The NFTs' search indexes (GIN, fastupdate on) collect new entries in a pending list that the
-- writing backend merges into the index once it passes gin_pending_list_limit (4 MB by default):
-- under a stream of NFT creations every few seconds one create paid a merge of 4 MB of trigrams
-- and grams (A6 at a million NFTs: p99 360–880 ms, p50 60–67 ms). With 64 kB each merge is small
-- and the cost is spread over the writes (p99 ~160 ms, more creates per second); searches also scan
-- a shorter pending list. `db copy` rebuilds these indexes with their options (pg_get_indexdef).
ALTER INDEX "nfts_search_a_trgm" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "nfts_search_a_grams" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "nfts_search_b_trgm" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "nfts_search_b_grams" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "nfts_search_b_rest_trgm" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "nfts_search_b_rest_grams" SET (gin_pending_list_limit = 64);
