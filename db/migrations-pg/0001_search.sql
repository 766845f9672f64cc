-- PostgreSQL search structures and derived data (issue 28). Everything here is plain SQL or
-- PL/pgSQL: a row written by psql, COPY or a restore script gets the same derived values as one
-- written by the application, and nothing needs a function the application registers.
--
-- Search semantics are those of the SQLite engine (lib/storage/sqlite/search/semantics.test.ts is the judge):
--   Family A (A1, A5, A9) — SQL LIKE over the raw text with ASCII letters case-folded only:
--     cl2c_ascii_lower(column) LIKE cl2c_ascii_lower(term), `%` and `_` literal;
--   Family B (B1) — JavaScript toLowerCase on both sides, then "contains": cl2c_fold(column).
-- Terms of three or more characters narrow through pg_trgm GIN indexes on exactly the expression
-- the query compares; terms of one or two characters through a GIN index over the row's distinct
-- one- and two-character substrings (cl2c_grams), which decides them exactly. The query modules
-- are lib/storage/postgres/search/*.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- SQLite's LIKE folds ASCII letters only ('É' LIKE 'é' is false); so does this.
CREATE FUNCTION cl2c_ascii_lower(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN translate(t, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz');
--> statement-breakpoint
-- JavaScript's String.prototype.toLowerCase in SQL. PostgreSQL 18's builtin PG_UNICODE_FAST
-- collation applies Unicode's full lower-case mapping with Final_Sigma (İ → i + U+0307, Σ → ς at a
-- word's end), as V8 does; measured over every code point against Node 20 (ICU 78, Unicode 17) the
-- only differences are the 28 capitals Unicode 17 added (PostgreSQL 18 knows Unicode 16), mapped
-- here by translate(). lib/storage/postgres/fold.test.ts re-measures all 1,112,064 code points on
-- the test server and fails on any difference. Older servers (15–17) have no PG_UNICODE_FAST: ICU's
-- root locale (the same library V8 uses) if the server has ICU, else the database's lower();
-- `db check` compares every stored fold with JavaScript's and reports any row where they differ.
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
  EXECUTE format('CREATE FUNCTION cl2c_fold(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE RETURN translate(%s, %L, %L)',
    lowered, capitals, smalls);
END
$$;
--> statement-breakpoint
-- Every substring of one and of two characters (code points) of t: the short-term index. A term of
-- one or two characters occurs in t exactly when it is one of these. (GIN keeps each key of a row
-- once, so repeats cost nothing there.) A loop: measured ~2× faster than generate_series + UNION.
CREATE FUNCTION cl2c_grams(t text) RETURNS text[] LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  grams text[] := '{}';
  n int := length(t);
BEGIN
  FOR i IN 1..n LOOP
    grams := grams || substr(t, i, 1);
    IF i < n THEN
      grams := grams || substr(t, i, 2);
    END IF;
  END LOOP;
  RETURN grams;
END
$$;
--> statement-breakpoint
-- The grams of every searched field of a row, each field on its own (no gram spans two fields).
CREATE FUNCTION cl2c_grams2(a text, b text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN coalesce(cl2c_grams(a), '{}') || coalesce(cl2c_grams(b), '{}');
--> statement-breakpoint
CREATE FUNCTION cl2c_grams3(a text, b text, c text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN coalesce(cl2c_grams(a), '{}') || coalesce(cl2c_grams(b), '{}') || coalesce(cl2c_grams(c), '{}');
--> statement-breakpoint
CREATE FUNCTION cl2c_grams4(a text, b text, c text, d text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN coalesce(cl2c_grams(a), '{}') || coalesce(cl2c_grams(b), '{}') || coalesce(cl2c_grams(c), '{}') || coalesce(cl2c_grams(d), '{}');
--> statement-breakpoint
-- ---------------------------------------------------------------- NFTs
-- A5 (Family A) searches name and description.
CREATE INDEX "nfts_search_a_trgm" ON "nfts" USING gin (cl2c_ascii_lower("name") gin_trgm_ops, cl2c_ascii_lower("description") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "nfts_search_a_grams" ON "nfts" USING gin (cl2c_grams2(cl2c_ascii_lower("name"), cl2c_ascii_lower("description")));
--> statement-breakpoint
-- B1 (Family B) compares the stored folds of the NFT's name and of its contract's name.
CREATE INDEX "nfts_search_b_trgm" ON "nfts" USING gin ("name_fold" gin_trgm_ops, "contract_name_fold" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "nfts_search_b_grams" ON "nfts" USING gin (cl2c_grams2("name_fold", "contract_name_fold"));
--> statement-breakpoint
-- ---------------------------------------------------------------- contracts (A1: name, symbol, description)
CREATE INDEX "contracts_search_a_trgm" ON "smart_contracts" USING gin (
  cl2c_ascii_lower("name") gin_trgm_ops, cl2c_ascii_lower("symbol") gin_trgm_ops, cl2c_ascii_lower("description") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "contracts_search_a_grams" ON "smart_contracts" USING gin (
  cl2c_grams3(cl2c_ascii_lower("name"), cl2c_ascii_lower("symbol"), cl2c_ascii_lower("description")));
--> statement-breakpoint
-- ---------------------------------------------------------------- members (A9: the person's e-mail, name, user name, "first last"; an invitation's e-mail)
CREATE INDEX "users_search_a_trgm" ON "users" USING gin (
  cl2c_ascii_lower("email") gin_trgm_ops, cl2c_ascii_lower("name") gin_trgm_ops, cl2c_ascii_lower("user_name") gin_trgm_ops,
  cl2c_ascii_lower("first_name" || ' ' || "last_name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "users_search_a_grams" ON "users" USING gin (
  cl2c_grams4(cl2c_ascii_lower("email"), cl2c_ascii_lower("name"), cl2c_ascii_lower("user_name"), cl2c_ascii_lower("first_name" || ' ' || "last_name")));
--> statement-breakpoint
CREATE INDEX "invitations_search_a_trgm" ON "invitations" USING gin (cl2c_ascii_lower("email") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "invitations_search_a_grams" ON "invitations" USING gin (cl2c_grams(cl2c_ascii_lower("email")));
--> statement-breakpoint
-- ---------------------------------------------------------------- derived columns, kept in the writing transaction
-- nfts.name_fold / contract_name_fold: the folds B1 sorts and compares by.
CREATE FUNCTION cl2c_nfts_fold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.name_fold := coalesce(cl2c_fold(NEW.name), '');
  NEW.contract_name_fold := coalesce((SELECT cl2c_fold(c.name) FROM smart_contracts c WHERE c.id = NEW.smart_contract_id), '');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "nfts_fold_bi" BEFORE INSERT ON "nfts" FOR EACH ROW EXECUTE FUNCTION cl2c_nfts_fold();
--> statement-breakpoint
CREATE TRIGGER "nfts_fold_bu" BEFORE UPDATE OF "name", "smart_contract_id", "name_fold", "contract_name_fold" ON "nfts"
  FOR EACH ROW EXECUTE FUNCTION cl2c_nfts_fold();
--> statement-breakpoint
CREATE FUNCTION cl2c_contracts_fold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE nfts SET contract_name_fold = coalesce(cl2c_fold(NEW.name), '') WHERE smart_contract_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "contracts_fold_au" AFTER UPDATE OF "name" ON "smart_contracts"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION cl2c_contracts_fold();
--> statement-breakpoint
-- smart_contracts.total_nfts / total_supply.
CREATE FUNCTION cl2c_nfts_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE smart_contracts SET total_nfts = total_nfts - 1, total_supply = total_supply - OLD.supply WHERE id = OLD.smart_contract_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    UPDATE smart_contracts SET total_nfts = total_nfts + 1, total_supply = total_supply + NEW.supply WHERE id = NEW.smart_contract_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "nfts_totals_ai" AFTER INSERT ON "nfts" FOR EACH ROW EXECUTE FUNCTION cl2c_nfts_totals();
--> statement-breakpoint
CREATE TRIGGER "nfts_totals_ad" AFTER DELETE ON "nfts" FOR EACH ROW EXECUTE FUNCTION cl2c_nfts_totals();
--> statement-breakpoint
CREATE TRIGGER "nfts_totals_au" AFTER UPDATE OF "supply", "smart_contract_id" ON "nfts"
  FOR EACH ROW WHEN (OLD.supply IS DISTINCT FROM NEW.supply OR OLD.smart_contract_id IS DISTINCT FROM NEW.smart_contract_id)
  EXECUTE FUNCTION cl2c_nfts_totals();
--> statement-breakpoint
-- A contract inserted with totals already set (a copy, a restore) gets them recounted.
CREATE FUNCTION cl2c_contracts_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT count(*), coalesce(sum(supply), 0) INTO NEW.total_nfts, NEW.total_supply FROM nfts WHERE smart_contract_id = NEW.id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "contracts_totals_bi" BEFORE INSERT ON "smart_contracts" FOR EACH ROW EXECUTE FUNCTION cl2c_contracts_totals();
--> statement-breakpoint
-- nfts.copyrighted (at least one share, every share AUTHORIZED) and user_organizations.total_nfts
-- (NFTs of the organization the person holds a share in).
CREATE FUNCTION cl2c_nft_copyrighted(nft text) RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE
  RETURN coalesce((SELECT count(*) > 0 AND count(*) FILTER (WHERE status <> 'AUTHORIZED') = 0 FROM copyright_shares WHERE nft_id = nft), false);
--> statement-breakpoint
CREATE FUNCTION cl2c_shares_derived() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE nfts SET copyrighted = cl2c_nft_copyrighted(OLD.nft_id) WHERE id = OLD.nft_id AND copyrighted IS DISTINCT FROM cl2c_nft_copyrighted(OLD.nft_id);
    -- On a cascade from a deleted NFT the NFT is gone here, so nothing is counted twice (see nfts_members_bd).
    UPDATE user_organizations SET total_nfts = total_nfts - 1
      WHERE user_id = OLD.user_id AND organization_id = (SELECT organization_id FROM nfts WHERE id = OLD.nft_id);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    UPDATE nfts SET copyrighted = cl2c_nft_copyrighted(NEW.nft_id) WHERE id = NEW.nft_id AND copyrighted IS DISTINCT FROM cl2c_nft_copyrighted(NEW.nft_id);
    UPDATE user_organizations SET total_nfts = total_nfts + 1
      WHERE user_id = NEW.user_id AND organization_id = (SELECT organization_id FROM nfts WHERE id = NEW.nft_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "shares_derived_ai" AFTER INSERT ON "copyright_shares" FOR EACH ROW EXECUTE FUNCTION cl2c_shares_derived();
--> statement-breakpoint
CREATE TRIGGER "shares_derived_ad" AFTER DELETE ON "copyright_shares" FOR EACH ROW EXECUTE FUNCTION cl2c_shares_derived();
--> statement-breakpoint
CREATE TRIGGER "shares_derived_au" AFTER UPDATE OF "status", "nft_id", "user_id" ON "copyright_shares"
  FOR EACH ROW EXECUTE FUNCTION cl2c_shares_derived();
--> statement-breakpoint
-- Runs before the cascade removes the shares, while they still say whose counts to lower.
CREATE FUNCTION cl2c_nfts_members_bd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE user_organizations SET total_nfts = total_nfts - 1
    WHERE organization_id = OLD.organization_id AND user_id IN (SELECT user_id FROM copyright_shares WHERE nft_id = OLD.id);
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "nfts_members_bd" BEFORE DELETE ON "nfts" FOR EACH ROW EXECUTE FUNCTION cl2c_nfts_members_bd();
--> statement-breakpoint
-- An NFT inserted with `copyrighted` set (a copy, a restore) gets it recomputed from its shares.
CREATE FUNCTION cl2c_nfts_copyrighted_bi() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.copyrighted := cl2c_nft_copyrighted(NEW.id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "nfts_copyrighted_bi" BEFORE INSERT ON "nfts" FOR EACH ROW EXECUTE FUNCTION cl2c_nfts_copyrighted_bi();
--> statement-breakpoint
CREATE FUNCTION cl2c_members_total_bi() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT count(*) INTO NEW.total_nfts FROM copyright_shares s JOIN nfts n ON n.id = s.nft_id
    WHERE s.user_id = NEW.user_id AND n.organization_id = NEW.organization_id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "members_total_bi" BEFORE INSERT ON "user_organizations" FOR EACH ROW EXECUTE FUNCTION cl2c_members_total_bi();
