-- A 100-entry import at 100k members (issue #9, A13): `member_list`'s primary key on `id` (a random
-- UUID) put every new invitation at a random leaf of one more B-tree — ~15 % of the pages such an
-- import writes. Nothing needs it: a page's ids come off the (organization[, filter], sort, id)
-- indexes and its rows are loaded from user_organizations / invitations by their own keys; the
-- search joins an invitation to its row through (organization, created_at, id); the triggers below
-- find the row to replace the same way, a point lookup in `member_list_created_idx`. Without a key
-- the table is keyed by its rowid alone (appends). `db check` still finds duplicate rows
-- (lib/storage/sqlite/search/member-list.ts).
--
-- SQLite cannot drop a primary key, so the table is rebuilt (the usual copy, drop, rename). The
-- rename runs with legacy_alter_table on: the triggers on the source tables name `member_list`,
-- which does not exist between the drop and the rename, and are left as they are.
PRAGMA legacy_alter_table = ON;
--> statement-breakpoint
CREATE TABLE `member_list_rebuilt` (
  `id` text NOT NULL,
  `organization_id` text NOT NULL,
  `kind` text NOT NULL,
  `user_id` text,
  `email` text NOT NULL,
  `status` text NOT NULL,
  `has_wallet` integer DEFAULT 0 NOT NULL,
  `created_at` integer NOT NULL,
  `updated_at` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `member_list_rebuilt` (id, organization_id, kind, user_id, email, status, has_wallet, created_at, updated_at)
  SELECT id, organization_id, kind, user_id, email, status, has_wallet, created_at, updated_at FROM `member_list`;
--> statement-breakpoint
DROP TABLE `member_list`;
--> statement-breakpoint
ALTER TABLE `member_list_rebuilt` RENAME TO `member_list`;
--> statement-breakpoint
PRAGMA legacy_alter_table = OFF;
--> statement-breakpoint
-- The indexes and the generation triggers went with the old table (as in 0011 and 0013).
CREATE INDEX `member_list_created_idx` ON `member_list` (`organization_id`, `created_at`, `id`);
--> statement-breakpoint
CREATE INDEX `member_list_updated_idx` ON `member_list` (`organization_id`, `updated_at`, `id`);
--> statement-breakpoint
CREATE INDEX `member_list_email_idx` ON `member_list` (`organization_id`, `email`, `id`);
--> statement-breakpoint
CREATE INDEX `member_list_status_created_idx` ON `member_list` (`organization_id`, `status`, `created_at`, `id`);
--> statement-breakpoint
CREATE INDEX `member_list_status_updated_idx` ON `member_list` (`organization_id`, `status`, `updated_at`, `id`);
--> statement-breakpoint
CREATE INDEX `member_list_status_email_idx` ON `member_list` (`organization_id`, `status`, `email`, `id`);
--> statement-breakpoint
CREATE INDEX `member_list_wallet_created_idx` ON `member_list` (`organization_id`, `has_wallet`, `created_at`, `id`);
--> statement-breakpoint
CREATE INDEX `member_list_wallet_updated_idx` ON `member_list` (`organization_id`, `has_wallet`, `updated_at`, `id`);
--> statement-breakpoint
CREATE INDEX `member_list_wallet_email_idx` ON `member_list` (`organization_id`, `has_wallet`, `email`, `id`);
--> statement-breakpoint
CREATE INDEX `member_list_wallet_status_created_idx` ON `member_list` (`organization_id`, `has_wallet`, `status`, `created_at`, `id`);
--> statement-breakpoint
CREATE INDEX `member_list_user_idx` ON `member_list` (`user_id`) WHERE `user_id` IS NOT NULL;
--> statement-breakpoint
CREATE TRIGGER `member_list_gen_ai` AFTER INSERT ON `member_list` BEGIN
  INSERT INTO search_counters (organization_id, name, n) VALUES (new.organization_id, 'gen', 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `member_list_gen_ad` AFTER DELETE ON `member_list` BEGIN
  INSERT INTO search_counters (organization_id, name, n) VALUES (old.organization_id, 'gen', 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `member_list_gen_au` AFTER UPDATE ON `member_list` BEGIN
  INSERT INTO search_counters (organization_id, name, n) VALUES (new.organization_id, 'gen', 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
-- A source row's list row is found by (organization, created_at, id): the whole key of
-- member_list_created_idx, taken from the source row as it was (the list row is its copy).
DROP TRIGGER `member_list_members_ad`;
--> statement-breakpoint
CREATE TRIGGER `member_list_members_ad` AFTER DELETE ON `user_organizations` BEGIN
  DELETE FROM member_list WHERE organization_id = old.organization_id AND created_at = old.created_at AND id = old.id AND kind = 'member';
END;
--> statement-breakpoint
DROP TRIGGER `member_list_members_au`;
--> statement-breakpoint
CREATE TRIGGER `member_list_members_au` AFTER UPDATE OF id, organization_id, user_id, status, created_at, updated_at ON `user_organizations` BEGIN
  DELETE FROM member_list WHERE organization_id = old.organization_id AND created_at = old.created_at AND id = old.id AND kind = 'member';
  INSERT INTO member_list (id, organization_id, kind, user_id, email, status, has_wallet, created_at, updated_at)
    SELECT new.id, new.organization_id, 'member', new.user_id, u.email, new.status,
      EXISTS (SELECT 1 FROM wallets w WHERE w.user_id = new.user_id AND w.is_primary = 1), new.created_at, new.updated_at
    FROM users u WHERE u.id = new.user_id;
END;
--> statement-breakpoint
DROP TRIGGER `member_list_invitations_ad`;
--> statement-breakpoint
CREATE TRIGGER `member_list_invitations_ad` AFTER DELETE ON `invitations` BEGIN
  DELETE FROM member_list WHERE organization_id = old.organization_id AND created_at = old.created_at AND id = old.id AND kind = 'invitation';
END;
--> statement-breakpoint
DROP TRIGGER `member_list_invitations_au`;
--> statement-breakpoint
CREATE TRIGGER `member_list_invitations_au` AFTER UPDATE OF id, organization_id, email, status, created_at, updated_at ON `invitations` BEGIN
  DELETE FROM member_list WHERE organization_id = old.organization_id AND created_at = old.created_at AND id = old.id AND kind = 'invitation';
  INSERT INTO member_list (id, organization_id, kind, user_id, email, status, has_wallet, created_at, updated_at)
    SELECT new.id, new.organization_id, 'invitation', NULL, new.email, 'PENDING', 0, new.created_at, new.updated_at WHERE new.status = 'PENDING';
END;
