CREATE TABLE `copyright_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`nft_id` text NOT NULL,
	`share_id` text,
	`user_id` text NOT NULL,
	`percentage` real NOT NULL,
	`licence` text NOT NULL,
	`round` integer NOT NULL,
	`status` text DEFAULT 'OPEN' NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`send_count` integer DEFAULT 1 NOT NULL,
	`last_sent_at` integer NOT NULL,
	`decision` text,
	`reason` text,
	`location` text,
	`decided_at` integer,
	`decided_via` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`nft_id`) REFERENCES `nfts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`share_id`) REFERENCES `copyright_shares`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `copyright_requests_token_uq` ON `copyright_requests` (`token_hash`);--> statement-breakpoint
CREATE INDEX `copyright_requests_nft_idx` ON `copyright_requests` (`nft_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `copyright_requests_share_idx` ON `copyright_requests` (`share_id`);--> statement-breakpoint
CREATE INDEX `copyright_requests_user_idx` ON `copyright_requests` (`user_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `nfts` ADD `copyright_status` text DEFAULT 'NONE' NOT NULL;--> statement-breakpoint
ALTER TABLE `nfts` ADD `licence_offered` text;--> statement-breakpoint
ALTER TABLE `nfts` ADD `copyright_record_cid` text;--> statement-breakpoint
CREATE INDEX `nfts_org_copyright_created_idx` ON `nfts` (`organization_id`,`copyright_status`,`created_at`);--> statement-breakpoint
UPDATE `nfts` SET `copyright_status` = CASE
  WHEN NOT EXISTS (SELECT 1 FROM `copyright_shares` s WHERE s.`nft_id` = `nfts`.`id`) THEN 'NONE'
  WHEN EXISTS (SELECT 1 FROM `copyright_shares` s WHERE s.`nft_id` = `nfts`.`id` AND s.`status` = 'REJECTED') THEN 'REJECTED'
  WHEN EXISTS (SELECT 1 FROM `copyright_shares` s WHERE s.`nft_id` = `nfts`.`id` AND s.`status` = 'PENDING') THEN 'AWAITING'
  ELSE 'COPYRIGHTED' END;
--> statement-breakpoint
UPDATE `nfts` SET `copyrighted_at` = COALESCE(`copyrighted_at`,
  (SELECT max(s.`copy_auth_timestamp`) FROM `copyright_shares` s WHERE s.`nft_id` = `nfts`.`id`), `updated_at`)
  WHERE `copyright_status` = 'COPYRIGHTED';
