DROP INDEX `user_org_org_created_idx`;--> statement-breakpoint
CREATE INDEX `user_org_org_created_user_idx` ON `user_organizations` (`organization_id`,`created_at`,`user_id`);