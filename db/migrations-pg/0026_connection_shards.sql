-- Which shard of list_counts / list_generations a writer adds to. It was pg_backend_pid() % 8: with
-- ten pooled connections at least two, and usually four or more, shared a shard, and every NFT
-- insert upserts the same common keys (a gram like 'e', the 'nfts' key of its status), so two
-- writers of one shard waited for each other's commit — the lock held through the rest of the
-- request's transaction and its WAL flush. The app now numbers its pooled connections
-- (`SET cl2c.shard`, lib/storage/postgres/connection.ts): one instance's connections never share a
-- shard. Any other client (psql, COPY, a restore) keeps a shard of its backend id. Which shard a row
-- lands in never changes a total: readers sum the shards.
CREATE FUNCTION cl2c_shard() RETURNS smallint LANGUAGE sql STABLE PARALLEL SAFE
  RETURN (coalesce(nullif(current_setting('cl2c.shard', true), '')::int, pg_backend_pid()) % 16)::smallint;
--> statement-breakpoint
-- The four counting triggers (0006, 0021, 0024) call it instead; their bodies are otherwise as
-- those migrations wrote them.
DO $$
DECLARE
  f text;
  def text;
BEGIN
  FOREACH f IN ARRAY ARRAY['cl2c_count_nfts', 'cl2c_count_contracts', 'cl2c_count_members', 'cl2c_count_nft_words'] LOOP
    def := pg_get_functiondef(f::regproc);
    IF position('(pg_backend_pid() % 8)::smallint' IN def) = 0 THEN
      RAISE EXCEPTION '%: no pg_backend_pid() shard to replace', f;
    END IF;
    EXECUTE replace(def, '(pg_backend_pid() % 8)::smallint', 'cl2c_shard()');
  END LOOP;
END
$$;
