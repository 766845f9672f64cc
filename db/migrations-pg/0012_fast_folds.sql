-- The search folds, same answers, without translate() on every character (issue 28). translate()
-- looks each character of its input up in its whole `from` list: cl2c_ascii_lower cost ~12 µs and
-- cl2c_fold ~8 µs per 40-character text, and a common term's count rechecks both on every hit
-- (~1 s for 130k A5 hits at a million NFTs). Neither result changes, so the stored folds and the
-- indexes built on these functions stay exact (lib/storage/postgres/fold.test.ts compares both with
-- JavaScript over every code point). A server that planned with the old bodies keeps them cached
-- for the indexes until it reconnects: its searches may read rows instead of the indexes until then.
--
-- SQLite's LIKE folding (ASCII letters only) is lower() under the "C" collation, on every version.
CREATE OR REPLACE FUNCTION cl2c_ascii_lower(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN lower(t COLLATE "C");
--> statement-breakpoint
-- JavaScript's toLowerCase: the server's full lower-case mapping, plus the 28 capitals Unicode 17
-- added (0001_search.sql) mapped by translate() only in a text that holds one of them.
DO $$
DECLARE
  capitals text := U&'\A7CE\A7D2\A7D4\+016EA0\+016EA1\+016EA2\+016EA3\+016EA4\+016EA5\+016EA6\+016EA7\+016EA8\+016EA9\+016EAA\+016EAB\+016EAC\+016EAD\+016EAE\+016EAF\+016EB0\+016EB1\+016EB2\+016EB3\+016EB4\+016EB5\+016EB6\+016EB7\+016EB8';
  smalls text := U&'\A7CF\A7D3\A7D5\+016EBB\+016EBC\+016EBD\+016EBE\+016EBF\+016EC0\+016EC1\+016EC2\+016EC3\+016EC4\+016EC5\+016EC6\+016EC7\+016EC8\+016EC9\+016ECA\+016ECB\+016ECC\+016ECD\+016ECE\+016ECF\+016ED0\+016ED1\+016ED2\+016ED3';
  lowered text;
BEGIN
  IF EXISTS (SELECT 1 FROM pg_collation WHERE collname = 'pg_unicode_fast') THEN
    lowered := 'lower(t COLLATE pg_unicode_fast)';
  ELSIF EXISTS (SELECT 1 FROM pg_collation WHERE collname = 'und-x-icu') THEN
    lowered := 'lower(t COLLATE "und-x-icu")';
  ELSE
    lowered := 'lower(t)';
  END IF;
  EXECUTE format('CREATE OR REPLACE FUNCTION cl2c_fold(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE RETURN CASE WHEN t ~ %L THEN translate(%s, %L, %L) ELSE %s END',
    '[' || capitals || ']', lowered, capitals, smalls, lowered);
END
$$;
