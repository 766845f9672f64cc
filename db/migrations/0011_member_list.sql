-- A9 members list (issue #9): memberships and PENDING invitations as one derived table, so a
-- page, filter or sort is one index range instead of a UNION ALL of two joined, sorted branches.
-- Kept exact by the triggers below in the same transaction as any write to user_organizations,
-- invitations, users (e-mail) and wallets (primary wallet → has_wallet). `db reindex` rebuilds it
-- and `db check` compares it with a recomputation (lib/storage/sqlite/search/member-list.ts holds the same SQL).
-- Ids are random UUIDs, so a membership id never equals an invitation id: `id` is the key.
CREATE TABLE `member_list` (
  `id` text PRIMARY KEY NOT NULL,
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
INSERT INTO `member_list` (id, organization_id, kind, user_id, email, status, has_wallet, created_at, updated_at)
  SELECT uo.id, uo.organization_id, 'member', uo.user_id, u.email, uo.status,
    EXISTS (SELECT 1 FROM wallets w WHERE w.user_id = uo.user_id AND w.is_primary = 1), uo.created_at, uo.updated_at
  FROM user_organizations uo JOIN users u ON u.id = uo.user_id
  UNION ALL
  SELECT id, organization_id, 'invitation', NULL, email, 'PENDING', 0, created_at, updated_at FROM invitations WHERE status = 'PENDING';
--> statement-breakpoint
-- One (organization[, filter], sort, id) index per sortBy × offered filter: a page's ids are an index range.
CREATE INDEX `member_list_created_idx` ON `member_list` (`organization_id`, `created_at`, `id`);
--> statement-breakpoint
CREATE INDEX `member_list_updated_idx` ON `member_list` (`organization_id`, `updated_at`, `id`);
--> statement-breakpoint
CREATE INDEX `member_list_email_idx` ON `member_list` (`organization_id`, `email`, `id`);
--> statement-breakpoint
CREATE INDEX `member_list_status_idx` ON `member_list` (`organization_id`, `status`, `id`);
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
CREATE INDEX `member_list_wallet_status_idx` ON `member_list` (`organization_id`, `has_wallet`, `status`, `id`);
--> statement-breakpoint
CREATE INDEX `member_list_user_idx` ON `member_list` (`user_id`) WHERE `user_id` IS NOT NULL;
--> statement-breakpoint
-- ---------------------------------------------------------------- memberships
CREATE TRIGGER `member_list_members_ai` AFTER INSERT ON `user_organizations` BEGIN
  INSERT INTO member_list (id, organization_id, kind, user_id, email, status, has_wallet, created_at, updated_at)
    SELECT new.id, new.organization_id, 'member', new.user_id, u.email, new.status,
      EXISTS (SELECT 1 FROM wallets w WHERE w.user_id = new.user_id AND w.is_primary = 1), new.created_at, new.updated_at
    FROM users u WHERE u.id = new.user_id;
END;
--> statement-breakpoint
CREATE TRIGGER `member_list_members_ad` AFTER DELETE ON `user_organizations` BEGIN
  DELETE FROM member_list WHERE id = old.id AND kind = 'member';
END;
--> statement-breakpoint
CREATE TRIGGER `member_list_members_au` AFTER UPDATE OF id, organization_id, user_id, status, created_at, updated_at ON `user_organizations` BEGIN
  DELETE FROM member_list WHERE id = old.id AND kind = 'member';
  INSERT INTO member_list (id, organization_id, kind, user_id, email, status, has_wallet, created_at, updated_at)
    SELECT new.id, new.organization_id, 'member', new.user_id, u.email, new.status,
      EXISTS (SELECT 1 FROM wallets w WHERE w.user_id = new.user_id AND w.is_primary = 1), new.created_at, new.updated_at
    FROM users u WHERE u.id = new.user_id;
END;
--> statement-breakpoint
-- ---------------------------------------------------------------- invitations (PENDING only are listed)
CREATE TRIGGER `member_list_invitations_ai` AFTER INSERT ON `invitations` WHEN new.status = 'PENDING' BEGIN
  INSERT INTO member_list (id, organization_id, kind, user_id, email, status, has_wallet, created_at, updated_at)
    VALUES (new.id, new.organization_id, 'invitation', NULL, new.email, 'PENDING', 0, new.created_at, new.updated_at);
END;
--> statement-breakpoint
CREATE TRIGGER `member_list_invitations_ad` AFTER DELETE ON `invitations` BEGIN
  DELETE FROM member_list WHERE id = old.id AND kind = 'invitation';
END;
--> statement-breakpoint
CREATE TRIGGER `member_list_invitations_au` AFTER UPDATE OF id, organization_id, email, status, created_at, updated_at ON `invitations` BEGIN
  DELETE FROM member_list WHERE id = old.id AND kind = 'invitation';
  INSERT INTO member_list (id, organization_id, kind, user_id, email, status, has_wallet, created_at, updated_at)
    SELECT new.id, new.organization_id, 'invitation', NULL, new.email, 'PENDING', 0, new.created_at, new.updated_at WHERE new.status = 'PENDING';
END;
--> statement-breakpoint
-- ---------------------------------------------------------------- users (a member's e-mail) and wallets
CREATE TRIGGER `member_list_users_au` AFTER UPDATE OF id, email ON `users` BEGIN
  UPDATE member_list SET user_id = new.id, email = new.email WHERE user_id = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `member_list_wallets_ai` AFTER INSERT ON `wallets` BEGIN
  UPDATE member_list SET has_wallet = EXISTS (SELECT 1 FROM wallets w WHERE w.user_id = new.user_id AND w.is_primary = 1)
    WHERE user_id = new.user_id AND has_wallet IS NOT EXISTS (SELECT 1 FROM wallets w WHERE w.user_id = new.user_id AND w.is_primary = 1);
END;
--> statement-breakpoint
CREATE TRIGGER `member_list_wallets_ad` AFTER DELETE ON `wallets` BEGIN
  UPDATE member_list SET has_wallet = EXISTS (SELECT 1 FROM wallets w WHERE w.user_id = old.user_id AND w.is_primary = 1)
    WHERE user_id = old.user_id AND has_wallet IS NOT EXISTS (SELECT 1 FROM wallets w WHERE w.user_id = old.user_id AND w.is_primary = 1);
END;
--> statement-breakpoint
CREATE TRIGGER `member_list_wallets_au` AFTER UPDATE OF user_id, is_primary ON `wallets` BEGIN
  UPDATE member_list SET has_wallet = EXISTS (SELECT 1 FROM wallets w WHERE w.user_id = member_list.user_id AND w.is_primary = 1)
    WHERE user_id IN (old.user_id, new.user_id)
      AND has_wallet IS NOT EXISTS (SELECT 1 FROM wallets w WHERE w.user_id = member_list.user_id AND w.is_primary = 1);
END;
--> statement-breakpoint
-- Any change to the list moves the organization's write generation (count cache, page anchors).
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
