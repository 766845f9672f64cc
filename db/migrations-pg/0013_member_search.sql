-- A9's search reads member_list alone (issue 28). Before, a search joined the people and pending
-- invitations it found through their own indexes back to member_list: at 100k members a
-- one-character term (55k matches) took 0.5–3.6 s to count, a nested loop of 55k primary-key
-- lookups, and a walked page tested each row through a join with users. Now each member_list row
-- carries its searched text, ASCII-lowered as Family A compares (lib/storage/like.ts): a
-- membership's person's e-mail, name, user name and "first last", an invitation's e-mail, joined by
-- line breaks. Its trigram and short-term indexes decide a term without a line break exactly (no
-- such term can span two fields); one with a line break is narrowed by them and decided per field
-- (lib/storage/postgres/lists/members.ts). The same 1-character count: ~40 ms.
--
-- The triggers that keep member_list keep `search` in the same transaction; a person's name, user
-- name or first/last name now move their rows too. db check compares it with member_list_expected,
-- db reindex rewrites it. The people's and invitations' short-term indexes served only A9: dropped
-- (their trigram indexes stay: the activity search finds people and invitations by terms of three
-- or more characters, members or not).
CREATE FUNCTION cl2c_member_search(email text, name text, user_name text, first_name text, last_name text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN concat_ws(E'\n', cl2c_ascii_lower(email), cl2c_ascii_lower(name), cl2c_ascii_lower(user_name), cl2c_ascii_lower(first_name || ' ' || last_name));
--> statement-breakpoint
ALTER TABLE "member_list" ADD COLUMN "search" text COLLATE "C" NOT NULL DEFAULT '';
--> statement-breakpoint
UPDATE "member_list" m SET "search" = cl2c_member_search(u.email, u.name, u.user_name, u.first_name, u.last_name)
  FROM "users" u WHERE m.kind = 'member' AND u.id = m.user_id;
--> statement-breakpoint
UPDATE "member_list" SET "search" = cl2c_ascii_lower("email") WHERE kind = 'invitation';
--> statement-breakpoint
ALTER TABLE "member_list" ALTER COLUMN "search" DROP DEFAULT;
--> statement-breakpoint
CREATE INDEX "member_list_search_trgm" ON "member_list" USING gin ("search" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "member_list_search_grams" ON "member_list" USING gin (cl2c_grams("search"));
--> statement-breakpoint
DROP INDEX "users_search_a_grams";
--> statement-breakpoint
DROP INDEX "invitations_search_a_grams";
--> statement-breakpoint
CREATE OR REPLACE VIEW "member_list_expected" AS
  SELECT uo.id, uo.organization_id, 'member'::text AS kind, uo.user_id, u.email, uo.status,
    EXISTS (SELECT 1 FROM wallets w WHERE w.user_id = uo.user_id AND w.is_primary) AS has_wallet, uo.created_at, uo.updated_at,
    cl2c_member_search(u.email, u.name, u.user_name, u.first_name, u.last_name) AS search
  FROM user_organizations uo JOIN users u ON u.id = uo.user_id
  UNION ALL
  SELECT id, organization_id, 'invitation', NULL, email, 'PENDING', false, created_at, updated_at, cl2c_ascii_lower(email) FROM invitations WHERE status = 'PENDING';
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cl2c_member_list_members() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM member_list WHERE id = OLD.id AND kind = 'member';
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO member_list (id, organization_id, kind, user_id, email, status, has_wallet, created_at, updated_at, search)
      SELECT NEW.id, NEW.organization_id, 'member', NEW.user_id, u.email, NEW.status,
        EXISTS (SELECT 1 FROM wallets w WHERE w.user_id = NEW.user_id AND w.is_primary), NEW.created_at, NEW.updated_at,
        cl2c_member_search(u.email, u.name, u.user_name, u.first_name, u.last_name)
      FROM users u WHERE u.id = NEW.user_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cl2c_member_list_invitations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM member_list WHERE id = OLD.id AND kind = 'invitation';
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.status = 'PENDING' THEN
    INSERT INTO member_list (id, organization_id, kind, user_id, email, status, has_wallet, created_at, updated_at, search)
      VALUES (NEW.id, NEW.organization_id, 'invitation', NULL, NEW.email, 'PENDING', false, NEW.created_at, NEW.updated_at, cl2c_ascii_lower(NEW.email));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cl2c_member_list_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE member_list SET user_id = NEW.id, email = NEW.email,
      search = cl2c_member_search(NEW.email, NEW.name, NEW.user_name, NEW.first_name, NEW.last_name)
    WHERE user_id = OLD.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "member_list_users_au" ON "users";
--> statement-breakpoint
CREATE TRIGGER "member_list_users_au" AFTER UPDATE OF "id", "email", "name", "user_name", "first_name", "last_name" ON "users"
  FOR EACH ROW WHEN ((OLD.id, OLD.email, OLD.name, OLD.user_name, OLD.first_name, OLD.last_name)
    IS DISTINCT FROM (NEW.id, NEW.email, NEW.name, NEW.user_name, NEW.first_name, NEW.last_name))
  EXECUTE FUNCTION cl2c_member_list_users();
--> statement-breakpoint
-- A person's searched fields are member_list's own now: updating them rewrites the person's rows,
-- whose statement trigger (member_list_counts_au) moves the generation of their organizations.
DROP TRIGGER "member_list_people_gen_au" ON "users";
--> statement-breakpoint
DROP FUNCTION cl2c_member_list_people_gen();
