-- PostgreSQL list structures (issue 28): exact totals without a hot counter row, the A9 member
-- list as one table, and the sort indexes A1/A5/A9 pages are read from, in SQLite's order. All
-- plain SQL / PL/pgSQL, kept in the writing transaction: rows loaded by psql or COPY are counted
-- too. lib/storage/postgres/lists/*.ts reads them; lib/storage/postgres/maintenance.ts checks and
-- rebuilds them (`db check` / `db reindex`). Not in db/schema-pg.ts (engine-only, like SQLite's
-- member_list): drizzle-kit does not see them.
--
-- Order: the SQLite engine sorts text by its bytes (BINARY = code points) and puts NULL first
-- ascending; here text sort keys are COLLATE "C" and NULL-able keys NULLS FIRST ascending (NULLS
-- LAST descending), with an index in exactly that order.
--
-- ---------------------------------------------------------------- list_counts
-- Rows per (organization, list, filter values), spread over 8 shard rows per key (the writing
-- backend's pid picks one): concurrent writers of one organization rarely wait on one row, and a
-- total is the sum of a key's few rows. Statement-level triggers: a COPY of a million rows adds
-- one grouped upsert, not a million.
CREATE TABLE "list_counts" (
  "organization_id" text NOT NULL,
  "list" text NOT NULL,
  "k1" text NOT NULL,
  "k2" text NOT NULL,
  "shard" smallint NOT NULL,
  "n" bigint NOT NULL,
  PRIMARY KEY ("organization_id", "list", "k1", "k2", "shard")
);
--> statement-breakpoint
-- A list's write generation per organization: every statement that writes its rows adds the number
-- of rows it wrote (sharded like list_counts). The sum only grows, once per committed write, so a
-- value read in one statement names one committed state of the list: the page anchors of
-- lib/storage/postgres/lists/paging.ts are cached with it and used only while it is unchanged.
CREATE TABLE "list_generations" (
  "organization_id" text NOT NULL,
  "list" text NOT NULL,
  "shard" smallint NOT NULL,
  "n" bigint NOT NULL,
  PRIMARY KEY ("organization_id", "list", "shard")
);
--> statement-breakpoint
-- Every statement that writes a counted table moves its counts (the rows the statement wrote, grouped).
-- Ordered by key so concurrent writers lock shard rows in one order (no deadlock between two inserts).
CREATE FUNCTION cl2c_count_nfts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO list_counts AS c (organization_id, list, k1, k2, shard, n)
      SELECT x.organization_id, 'nfts', x.k1, x.k2, (pg_backend_pid() % 8)::smallint, sum(x.d) FROM (SELECT organization_id, status AS k1, copyright_status AS k2, 1 AS d FROM new_rows) x
      GROUP BY x.organization_id, x.k1, x.k2 HAVING sum(x.d) <> 0 ORDER BY 1, 3, 4
      ON CONFLICT (organization_id, list, k1, k2, shard) DO UPDATE SET n = c.n + excluded.n;
    INSERT INTO list_generations AS g (organization_id, list, shard, n)
      SELECT x.organization_id, 'nfts', (pg_backend_pid() % 8)::smallint, count(*) FROM (SELECT organization_id, status AS k1, copyright_status AS k2, 1 AS d FROM new_rows) x GROUP BY x.organization_id ORDER BY 1
      ON CONFLICT (organization_id, list, shard) DO UPDATE SET n = g.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO list_counts AS c (organization_id, list, k1, k2, shard, n)
      SELECT x.organization_id, 'nfts', x.k1, x.k2, (pg_backend_pid() % 8)::smallint, sum(x.d) FROM (SELECT organization_id, status AS k1, copyright_status AS k2, -1 AS d FROM old_rows) x
      GROUP BY x.organization_id, x.k1, x.k2 HAVING sum(x.d) <> 0 ORDER BY 1, 3, 4
      ON CONFLICT (organization_id, list, k1, k2, shard) DO UPDATE SET n = c.n + excluded.n;
    INSERT INTO list_generations AS g (organization_id, list, shard, n)
      SELECT x.organization_id, 'nfts', (pg_backend_pid() % 8)::smallint, count(*) FROM (SELECT organization_id, status AS k1, copyright_status AS k2, -1 AS d FROM old_rows) x GROUP BY x.organization_id ORDER BY 1
      ON CONFLICT (organization_id, list, shard) DO UPDATE SET n = g.n + excluded.n;
  ELSE
    INSERT INTO list_counts AS c (organization_id, list, k1, k2, shard, n)
      SELECT x.organization_id, 'nfts', x.k1, x.k2, (pg_backend_pid() % 8)::smallint, sum(x.d) FROM (SELECT organization_id, status AS k1, copyright_status AS k2, 1 AS d FROM new_rows UNION ALL SELECT organization_id, status AS k1, copyright_status AS k2, -1 AS d FROM old_rows) x
      GROUP BY x.organization_id, x.k1, x.k2 HAVING sum(x.d) <> 0 ORDER BY 1, 3, 4
      ON CONFLICT (organization_id, list, k1, k2, shard) DO UPDATE SET n = c.n + excluded.n;
    INSERT INTO list_generations AS g (organization_id, list, shard, n)
      SELECT x.organization_id, 'nfts', (pg_backend_pid() % 8)::smallint, count(*) FROM (SELECT organization_id, status AS k1, copyright_status AS k2, 1 AS d FROM new_rows UNION ALL SELECT organization_id, status AS k1, copyright_status AS k2, -1 AS d FROM old_rows) x GROUP BY x.organization_id ORDER BY 1
      ON CONFLICT (organization_id, list, shard) DO UPDATE SET n = g.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "nfts_counts_ai" AFTER INSERT ON "nfts" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cl2c_count_nfts();
--> statement-breakpoint
CREATE TRIGGER "nfts_counts_ad" AFTER DELETE ON "nfts" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cl2c_count_nfts();
--> statement-breakpoint
CREATE TRIGGER "nfts_counts_au" AFTER UPDATE ON "nfts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cl2c_count_nfts();
--> statement-breakpoint
CREATE FUNCTION cl2c_count_contracts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO list_counts AS c (organization_id, list, k1, k2, shard, n)
      SELECT x.organization_id, 'contracts', x.k1, x.k2, (pg_backend_pid() % 8)::smallint, sum(x.d) FROM (SELECT organization_id, status AS k1, '' AS k2, 1 AS d FROM new_rows) x
      GROUP BY x.organization_id, x.k1, x.k2 HAVING sum(x.d) <> 0 ORDER BY 1, 3, 4
      ON CONFLICT (organization_id, list, k1, k2, shard) DO UPDATE SET n = c.n + excluded.n;
    INSERT INTO list_generations AS g (organization_id, list, shard, n)
      SELECT x.organization_id, 'contracts', (pg_backend_pid() % 8)::smallint, count(*) FROM (SELECT organization_id, status AS k1, '' AS k2, 1 AS d FROM new_rows) x GROUP BY x.organization_id ORDER BY 1
      ON CONFLICT (organization_id, list, shard) DO UPDATE SET n = g.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO list_counts AS c (organization_id, list, k1, k2, shard, n)
      SELECT x.organization_id, 'contracts', x.k1, x.k2, (pg_backend_pid() % 8)::smallint, sum(x.d) FROM (SELECT organization_id, status AS k1, '' AS k2, -1 AS d FROM old_rows) x
      GROUP BY x.organization_id, x.k1, x.k2 HAVING sum(x.d) <> 0 ORDER BY 1, 3, 4
      ON CONFLICT (organization_id, list, k1, k2, shard) DO UPDATE SET n = c.n + excluded.n;
    INSERT INTO list_generations AS g (organization_id, list, shard, n)
      SELECT x.organization_id, 'contracts', (pg_backend_pid() % 8)::smallint, count(*) FROM (SELECT organization_id, status AS k1, '' AS k2, -1 AS d FROM old_rows) x GROUP BY x.organization_id ORDER BY 1
      ON CONFLICT (organization_id, list, shard) DO UPDATE SET n = g.n + excluded.n;
  ELSE
    INSERT INTO list_counts AS c (organization_id, list, k1, k2, shard, n)
      SELECT x.organization_id, 'contracts', x.k1, x.k2, (pg_backend_pid() % 8)::smallint, sum(x.d) FROM (SELECT organization_id, status AS k1, '' AS k2, 1 AS d FROM new_rows UNION ALL SELECT organization_id, status AS k1, '' AS k2, -1 AS d FROM old_rows) x
      GROUP BY x.organization_id, x.k1, x.k2 HAVING sum(x.d) <> 0 ORDER BY 1, 3, 4
      ON CONFLICT (organization_id, list, k1, k2, shard) DO UPDATE SET n = c.n + excluded.n;
    INSERT INTO list_generations AS g (organization_id, list, shard, n)
      SELECT x.organization_id, 'contracts', (pg_backend_pid() % 8)::smallint, count(*) FROM (SELECT organization_id, status AS k1, '' AS k2, 1 AS d FROM new_rows UNION ALL SELECT organization_id, status AS k1, '' AS k2, -1 AS d FROM old_rows) x GROUP BY x.organization_id ORDER BY 1
      ON CONFLICT (organization_id, list, shard) DO UPDATE SET n = g.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "smart_contracts_counts_ai" AFTER INSERT ON "smart_contracts" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cl2c_count_contracts();
--> statement-breakpoint
CREATE TRIGGER "smart_contracts_counts_ad" AFTER DELETE ON "smart_contracts" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cl2c_count_contracts();
--> statement-breakpoint
CREATE TRIGGER "smart_contracts_counts_au" AFTER UPDATE ON "smart_contracts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cl2c_count_contracts();
--> statement-breakpoint
-- ---------------------------------------------------------------- member_list (A9)
-- Memberships and PENDING invitations as one table, as on SQLite (db/migrations/0011_member_list.sql):
-- a page, filter or sort is one index range instead of a UNION ALL of two joined, sorted branches.
-- Row triggers on user_organizations, invitations, users (e-mail) and wallets (primary wallet →
-- has_wallet) keep it in the writing transaction. Ids are random UUIDs: a membership id never
-- equals an invitation id.
CREATE TABLE "member_list" (
  "id" text COLLATE "C" PRIMARY KEY NOT NULL,
  "organization_id" text NOT NULL,
  "kind" text NOT NULL,
  "user_id" text,
  "email" text COLLATE "C" NOT NULL,
  "status" text COLLATE "C" NOT NULL,
  "has_wallet" boolean DEFAULT false NOT NULL,
  "created_at" timestamp (3) with time zone NOT NULL,
  "updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "member_list_created_idx" ON "member_list" ("organization_id", "created_at", "id");
--> statement-breakpoint
CREATE INDEX "member_list_updated_idx" ON "member_list" ("organization_id", "updated_at", "id");
--> statement-breakpoint
CREATE INDEX "member_list_email_idx" ON "member_list" ("organization_id", "email", "id");
--> statement-breakpoint
CREATE INDEX "member_list_status_created_idx" ON "member_list" ("organization_id", "status", "created_at", "id");
--> statement-breakpoint
CREATE INDEX "member_list_status_updated_idx" ON "member_list" ("organization_id", "status", "updated_at", "id");
--> statement-breakpoint
CREATE INDEX "member_list_status_email_idx" ON "member_list" ("organization_id", "status", "email", "id");
--> statement-breakpoint
CREATE INDEX "member_list_wallet_created_idx" ON "member_list" ("organization_id", "has_wallet", "created_at", "id");
--> statement-breakpoint
CREATE INDEX "member_list_wallet_updated_idx" ON "member_list" ("organization_id", "has_wallet", "updated_at", "id");
--> statement-breakpoint
CREATE INDEX "member_list_wallet_email_idx" ON "member_list" ("organization_id", "has_wallet", "email", "id");
--> statement-breakpoint
CREATE INDEX "member_list_wallet_status_created_idx" ON "member_list" ("organization_id", "has_wallet", "status", "created_at", "id");
--> statement-breakpoint
CREATE INDEX "member_list_user_idx" ON "member_list" ("user_id") WHERE "user_id" IS NOT NULL;
--> statement-breakpoint
-- The rows member_list must hold, as SQL over the base tables (db reindex runs the same select).
CREATE VIEW "member_list_expected" AS
  SELECT uo.id, uo.organization_id, 'member'::text AS kind, uo.user_id, u.email, uo.status,
    EXISTS (SELECT 1 FROM wallets w WHERE w.user_id = uo.user_id AND w.is_primary) AS has_wallet, uo.created_at, uo.updated_at
  FROM user_organizations uo JOIN users u ON u.id = uo.user_id
  UNION ALL
  SELECT id, organization_id, 'invitation', NULL, email, 'PENDING', false, created_at, updated_at FROM invitations WHERE status = 'PENDING';
--> statement-breakpoint
CREATE FUNCTION cl2c_member_list_members() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM member_list WHERE id = OLD.id AND kind = 'member';
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO member_list (id, organization_id, kind, user_id, email, status, has_wallet, created_at, updated_at)
      SELECT NEW.id, NEW.organization_id, 'member', NEW.user_id, u.email, NEW.status,
        EXISTS (SELECT 1 FROM wallets w WHERE w.user_id = NEW.user_id AND w.is_primary), NEW.created_at, NEW.updated_at
      FROM users u WHERE u.id = NEW.user_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "member_list_members_ai" AFTER INSERT ON "user_organizations" FOR EACH ROW EXECUTE FUNCTION cl2c_member_list_members();
--> statement-breakpoint
CREATE TRIGGER "member_list_members_ad" AFTER DELETE ON "user_organizations" FOR EACH ROW EXECUTE FUNCTION cl2c_member_list_members();
--> statement-breakpoint
CREATE TRIGGER "member_list_members_au" AFTER UPDATE OF "id", "organization_id", "user_id", "status", "created_at", "updated_at" ON "user_organizations"
  FOR EACH ROW EXECUTE FUNCTION cl2c_member_list_members();
--> statement-breakpoint
CREATE FUNCTION cl2c_member_list_invitations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM member_list WHERE id = OLD.id AND kind = 'invitation';
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.status = 'PENDING' THEN
    INSERT INTO member_list (id, organization_id, kind, user_id, email, status, has_wallet, created_at, updated_at)
      VALUES (NEW.id, NEW.organization_id, 'invitation', NULL, NEW.email, 'PENDING', false, NEW.created_at, NEW.updated_at);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "member_list_invitations_ai" AFTER INSERT ON "invitations" FOR EACH ROW EXECUTE FUNCTION cl2c_member_list_invitations();
--> statement-breakpoint
CREATE TRIGGER "member_list_invitations_ad" AFTER DELETE ON "invitations" FOR EACH ROW EXECUTE FUNCTION cl2c_member_list_invitations();
--> statement-breakpoint
CREATE TRIGGER "member_list_invitations_au" AFTER UPDATE OF "id", "organization_id", "email", "status", "created_at", "updated_at" ON "invitations"
  FOR EACH ROW EXECUTE FUNCTION cl2c_member_list_invitations();
--> statement-breakpoint
CREATE FUNCTION cl2c_member_list_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE member_list SET user_id = NEW.id, email = NEW.email WHERE user_id = OLD.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "member_list_users_au" AFTER UPDATE OF "id", "email" ON "users"
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.email IS DISTINCT FROM NEW.email) EXECUTE FUNCTION cl2c_member_list_users();
--> statement-breakpoint
CREATE FUNCTION cl2c_member_list_wallets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE member_list m SET has_wallet = EXISTS (SELECT 1 FROM wallets w WHERE w.user_id = m.user_id AND w.is_primary)
    WHERE m.user_id IN (CASE WHEN TG_OP <> 'INSERT' THEN OLD.user_id END, CASE WHEN TG_OP <> 'DELETE' THEN NEW.user_id END)
      AND m.has_wallet IS DISTINCT FROM EXISTS (SELECT 1 FROM wallets w WHERE w.user_id = m.user_id AND w.is_primary);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "member_list_wallets_ai" AFTER INSERT ON "wallets" FOR EACH ROW EXECUTE FUNCTION cl2c_member_list_wallets();
--> statement-breakpoint
CREATE TRIGGER "member_list_wallets_ad" AFTER DELETE ON "wallets" FOR EACH ROW EXECUTE FUNCTION cl2c_member_list_wallets();
--> statement-breakpoint
CREATE TRIGGER "member_list_wallets_au" AFTER UPDATE OF "user_id", "is_primary" ON "wallets" FOR EACH ROW EXECUTE FUNCTION cl2c_member_list_wallets();
--> statement-breakpoint
CREATE FUNCTION cl2c_count_members() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO list_counts AS c (organization_id, list, k1, k2, shard, n)
      SELECT x.organization_id, 'members', x.k1, x.k2, (pg_backend_pid() % 8)::smallint, sum(x.d) FROM (SELECT organization_id, status AS k1, has_wallet::text AS k2, 1 AS d FROM new_rows) x
      GROUP BY x.organization_id, x.k1, x.k2 HAVING sum(x.d) <> 0 ORDER BY 1, 3, 4
      ON CONFLICT (organization_id, list, k1, k2, shard) DO UPDATE SET n = c.n + excluded.n;
    INSERT INTO list_generations AS g (organization_id, list, shard, n)
      SELECT x.organization_id, 'members', (pg_backend_pid() % 8)::smallint, count(*) FROM (SELECT organization_id, status AS k1, has_wallet::text AS k2, 1 AS d FROM new_rows) x GROUP BY x.organization_id ORDER BY 1
      ON CONFLICT (organization_id, list, shard) DO UPDATE SET n = g.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO list_counts AS c (organization_id, list, k1, k2, shard, n)
      SELECT x.organization_id, 'members', x.k1, x.k2, (pg_backend_pid() % 8)::smallint, sum(x.d) FROM (SELECT organization_id, status AS k1, has_wallet::text AS k2, -1 AS d FROM old_rows) x
      GROUP BY x.organization_id, x.k1, x.k2 HAVING sum(x.d) <> 0 ORDER BY 1, 3, 4
      ON CONFLICT (organization_id, list, k1, k2, shard) DO UPDATE SET n = c.n + excluded.n;
    INSERT INTO list_generations AS g (organization_id, list, shard, n)
      SELECT x.organization_id, 'members', (pg_backend_pid() % 8)::smallint, count(*) FROM (SELECT organization_id, status AS k1, has_wallet::text AS k2, -1 AS d FROM old_rows) x GROUP BY x.organization_id ORDER BY 1
      ON CONFLICT (organization_id, list, shard) DO UPDATE SET n = g.n + excluded.n;
  ELSE
    INSERT INTO list_counts AS c (organization_id, list, k1, k2, shard, n)
      SELECT x.organization_id, 'members', x.k1, x.k2, (pg_backend_pid() % 8)::smallint, sum(x.d) FROM (SELECT organization_id, status AS k1, has_wallet::text AS k2, 1 AS d FROM new_rows UNION ALL SELECT organization_id, status AS k1, has_wallet::text AS k2, -1 AS d FROM old_rows) x
      GROUP BY x.organization_id, x.k1, x.k2 HAVING sum(x.d) <> 0 ORDER BY 1, 3, 4
      ON CONFLICT (organization_id, list, k1, k2, shard) DO UPDATE SET n = c.n + excluded.n;
    INSERT INTO list_generations AS g (organization_id, list, shard, n)
      SELECT x.organization_id, 'members', (pg_backend_pid() % 8)::smallint, count(*) FROM (SELECT organization_id, status AS k1, has_wallet::text AS k2, 1 AS d FROM new_rows UNION ALL SELECT organization_id, status AS k1, has_wallet::text AS k2, -1 AS d FROM old_rows) x GROUP BY x.organization_id ORDER BY 1
      ON CONFLICT (organization_id, list, shard) DO UPDATE SET n = g.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "member_list_counts_ai" AFTER INSERT ON "member_list" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cl2c_count_members();
--> statement-breakpoint
CREATE TRIGGER "member_list_counts_ad" AFTER DELETE ON "member_list" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cl2c_count_members();
--> statement-breakpoint
CREATE TRIGGER "member_list_counts_au" AFTER UPDATE ON "member_list" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cl2c_count_members();
--> statement-breakpoint
-- A9's search reads the person (users: e-mail, name, user name, first and last name), which
-- member_list does not hold: a change to those moves the generation of every organization the
-- person belongs to, so the search's cached totals and anchors stay exact.
CREATE FUNCTION cl2c_member_list_people_gen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_generations AS g (organization_id, list, shard, n)
    SELECT m.organization_id, 'members', (pg_backend_pid() % 8)::smallint, 1 FROM user_organizations m
    WHERE m.user_id IN (OLD.id, NEW.id) GROUP BY m.organization_id ORDER BY 1
    ON CONFLICT (organization_id, list, shard) DO UPDATE SET n = g.n + excluded.n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "member_list_people_gen_au" AFTER UPDATE OF "id", "email", "name", "user_name", "first_name", "last_name" ON "users"
  FOR EACH ROW EXECUTE FUNCTION cl2c_member_list_people_gen();
--> statement-breakpoint
-- ---------------------------------------------------------------- sort indexes in SQLite's order
-- Free-text sort keys in code-point order (COLLATE "C"); NULL-able sort keys NULLS FIRST.
CREATE INDEX "contracts_org_name_c_idx" ON "smart_contracts" ("organization_id", "name" COLLATE "C", "id");
--> statement-breakpoint
CREATE INDEX "contracts_org_symbol_c_idx" ON "smart_contracts" ("organization_id", "symbol" COLLATE "C", "id");
--> statement-breakpoint
CREATE INDEX "contracts_org_deployed_nf_idx" ON "smart_contracts" ("organization_id", "deployed_at" NULLS FIRST, "id");
--> statement-breakpoint
CREATE INDEX "nfts_org_name_c_idx" ON "nfts" ("organization_id", "name" COLLATE "C", "id");
--> statement-breakpoint
CREATE INDEX "nfts_org_status_name_c_idx" ON "nfts" ("organization_id", "status", "name" COLLATE "C", "id");
--> statement-breakpoint
CREATE INDEX "nfts_org_copyright_name_c_idx" ON "nfts" ("organization_id", "copyright_status", "name" COLLATE "C", "id");
--> statement-breakpoint
CREATE INDEX "nfts_org_minted_nf_idx" ON "nfts" ("organization_id", "minted_at" NULLS FIRST, "id");
--> statement-breakpoint
CREATE INDEX "nfts_org_status_minted_nf_idx" ON "nfts" ("organization_id", "status", "minted_at" NULLS FIRST, "id");
--> statement-breakpoint
CREATE INDEX "nfts_org_copyright_minted_nf_idx" ON "nfts" ("organization_id", "copyright_status", "minted_at" NULLS FIRST, "id");
--> statement-breakpoint
-- ---------------------------------------------------------------- what exists already
INSERT INTO member_list SELECT * FROM member_list_expected;
--> statement-breakpoint
CREATE VIEW "list_counts_expected" AS
  SELECT organization_id, 'nfts'::text AS list, status AS k1, copyright_status AS k2, count(*) AS n FROM nfts GROUP BY 1, 3, 4
  UNION ALL SELECT organization_id, 'contracts', status, '', count(*) FROM smart_contracts GROUP BY 1, 3
  UNION ALL SELECT organization_id, 'members', status, has_wallet::text, count(*) FROM member_list GROUP BY 1, 3, 4;
--> statement-breakpoint
DELETE FROM list_counts;
--> statement-breakpoint
INSERT INTO list_counts (organization_id, list, k1, k2, shard, n) SELECT organization_id, list, k1, k2, 0, n FROM list_counts_expected;
