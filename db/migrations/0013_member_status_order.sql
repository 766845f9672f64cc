-- A9 `sortBy=status` sorts ties by createdAt, then id (issue #9, A13 at 1M rows): the
-- (organization[, has_wallet], status, id) indexes put every new invitation at a random id among
-- 100,000 rows — one page written per entry and index, ~30 % of a 100-entry import's writes.
-- Status pages are read off (organization[, has_wallet], status, created_at, id) instead, where a
-- new row lands at the end of its status's range (lib/members/service.ts memberPageIndex).
DROP INDEX IF EXISTS `member_list_status_idx`;
--> statement-breakpoint
DROP INDEX IF EXISTS `member_list_wallet_status_idx`;
--> statement-breakpoint
CREATE INDEX `member_list_wallet_status_created_idx` ON `member_list` (`organization_id`, `has_wallet`, `status`, `created_at`, `id`);
