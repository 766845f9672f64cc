CREATE TABLE `accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`provider_id` text NOT NULL,
	`user_id` text NOT NULL,
	`access_token` text,
	`refresh_token` text,
	`id_token` text,
	`access_token_expires_at` integer,
	`refresh_token_expires_at` integer,
	`scope` text,
	`password` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `accounts_user_idx` ON `accounts` (`user_id`);--> statement-breakpoint
CREATE TABLE `api_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`family` text NOT NULL,
	`name` text NOT NULL,
	`prefix` text NOT NULL,
	`key_hash` text NOT NULL,
	`last_used_at` integer,
	`expires_at` integer,
	`revoked_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_hash_uq` ON `api_keys` (`key_hash`);--> statement-breakpoint
CREATE INDEX `api_keys_org_created_idx` ON `api_keys` (`organization_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `audit_events` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text,
	`actor_type` text NOT NULL,
	`actor_id` text,
	`action` text NOT NULL,
	`entity_type` text NOT NULL,
	`entity_id` text,
	`request_id` text,
	`data` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `audit_org_created_idx` ON `audit_events` (`organization_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_entity_idx` ON `audit_events` (`entity_type`,`entity_id`);--> statement-breakpoint
CREATE TABLE `copyright_shares` (
	`id` text PRIMARY KEY NOT NULL,
	`nft_id` text NOT NULL,
	`user_id` text NOT NULL,
	`percentage` real NOT NULL,
	`status` text DEFAULT 'PENDING' NOT NULL,
	`copy_auth_location` text,
	`copy_auth_timestamp` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`nft_id`) REFERENCES `nfts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shares_nft_user_uq` ON `copyright_shares` (`nft_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `shares_user_idx` ON `copyright_shares` (`user_id`);--> statement-breakpoint
CREATE TABLE `invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`email` text NOT NULL,
	`phone` text,
	`status` text DEFAULT 'PENDING' NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`send_count` integer DEFAULT 0 NOT NULL,
	`last_sent_at` integer,
	`accepted_at` integer,
	`user_organization_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_organization_id`) REFERENCES `user_organizations`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invitations_token_hash_uq` ON `invitations` (`token_hash`);--> statement-breakpoint
CREATE INDEX `invitations_org_email_idx` ON `invitations` (`organization_id`,`email`);--> statement-breakpoint
CREATE INDEX `invitations_org_status_created_idx` ON `invitations` (`organization_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `invitations_org_status_updated_idx` ON `invitations` (`organization_id`,`status`,`updated_at`);--> statement-breakpoint
CREATE TABLE `nfts` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`smart_contract_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`external_url` text,
	`image_path` text,
	`metadata` text,
	`metadata_uri` text,
	`supply` integer DEFAULT 1 NOT NULL,
	`status` text DEFAULT 'CREATED' NOT NULL,
	`minted_at` integer,
	`token_id` integer,
	`token_uri` text,
	`token_owner` text,
	`mint_transaction_hash` text,
	`mint_logs` text,
	`licence` text,
	`signature` text,
	`copyright_metadata` text,
	`copyrighted_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`smart_contract_id`) REFERENCES `smart_contracts`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `nfts_org_created_idx` ON `nfts` (`organization_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `nfts_org_updated_idx` ON `nfts` (`organization_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `nfts_org_name_idx` ON `nfts` (`organization_id`,`name`);--> statement-breakpoint
CREATE INDEX `nfts_org_status_created_idx` ON `nfts` (`organization_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `nfts_org_minted_idx` ON `nfts` (`organization_id`,`minted_at`);--> statement-breakpoint
CREATE INDEX `nfts_org_supply_idx` ON `nfts` (`organization_id`,`supply`);--> statement-breakpoint
CREATE INDEX `nfts_org_contract_created_idx` ON `nfts` (`organization_id`,`smart_contract_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `nfts_contract_idx` ON `nfts` (`smart_contract_id`);--> statement-breakpoint
CREATE TABLE `organizations` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`tenant` text NOT NULL,
	`chain_key_encrypted` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `organizations_tenant_unique` ON `organizations` (`tenant`);--> statement-breakpoint
CREATE TABLE `outbox_emails` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text,
	`status` text DEFAULT 'PENDING' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`next_attempt_at` integer,
	`sent_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `outbox_status_next_idx` ON `outbox_emails` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `outbox_org_created_idx` ON `outbox_emails` (`organization_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`expires_at` integer NOT NULL,
	`token` text NOT NULL,
	`ip_address` text,
	`user_agent` text,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sessions_token_unique` ON `sessions` (`token`);--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `smart_contracts` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`name` text NOT NULL,
	`symbol` text NOT NULL,
	`description` text,
	`network` text DEFAULT 'POLYGON' NOT NULL,
	`env` text DEFAULT 'TESTNET' NOT NULL,
	`status` text DEFAULT 'CREATED' NOT NULL,
	`contract_address` text,
	`deployed_at` integer,
	`metadata` text,
	`creator_address` text,
	`deployment_transaction_hash` text,
	`deployment_logs` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `contracts_org_created_idx` ON `smart_contracts` (`organization_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `contracts_org_updated_idx` ON `smart_contracts` (`organization_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `contracts_org_name_idx` ON `smart_contracts` (`organization_id`,`name`);--> statement-breakpoint
CREATE INDEX `contracts_org_symbol_idx` ON `smart_contracts` (`organization_id`,`symbol`);--> statement-breakpoint
CREATE INDEX `contracts_org_status_created_idx` ON `smart_contracts` (`organization_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `contracts_org_deployed_idx` ON `smart_contracts` (`organization_id`,`deployed_at`);--> statement-breakpoint
CREATE TABLE `token_transfers` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`user_organization_id` text,
	`to_address` text NOT NULL,
	`amount` text NOT NULL,
	`token_type` text NOT NULL,
	`transaction_hash` text,
	`status` text DEFAULT 'PENDING' NOT NULL,
	`broadcast` integer DEFAULT false NOT NULL,
	`chain` text DEFAULT 'local' NOT NULL,
	`error` text,
	`idempotency_key` text,
	`request_fingerprint` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_organization_id`) REFERENCES `user_organizations`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `transfers_org_idem_uq` ON `token_transfers` (`organization_id`,`idempotency_key`) WHERE "token_transfers"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX `transfers_org_created_idx` ON `token_transfers` (`organization_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `transfers_member_idx` ON `token_transfers` (`user_organization_id`);--> statement-breakpoint
CREATE TABLE `user_organizations` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`status` text DEFAULT 'ACTIVE' NOT NULL,
	`role` text DEFAULT 'MEMBER' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_org_org_user_uq` ON `user_organizations` (`organization_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `user_org_user_idx` ON `user_organizations` (`user_id`);--> statement-breakpoint
CREATE INDEX `user_org_org_created_idx` ON `user_organizations` (`organization_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `user_org_org_updated_idx` ON `user_organizations` (`organization_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `user_org_org_status_created_idx` ON `user_organizations` (`organization_id`,`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`user_name` text,
	`first_name` text,
	`last_name` text,
	`image` text,
	`phone_number` text,
	`email_confirmed` integer DEFAULT false NOT NULL,
	`is_registered` integer DEFAULT false NOT NULL,
	`push_token` text,
	`auth_location` text,
	`auth_valid_upto` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_user_name_lower_uq` ON `users` (lower("user_name"));--> statement-breakpoint
CREATE UNIQUE INDEX `users_phone_number_uq` ON `users` (`phone_number`);--> statement-breakpoint
CREATE INDEX `users_created_at_idx` ON `users` (`created_at`);--> statement-breakpoint
CREATE TABLE `verifications` (
	`id` text PRIMARY KEY NOT NULL,
	`identifier` text NOT NULL,
	`value` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `verifications_identifier_idx` ON `verifications` (`identifier`);--> statement-breakpoint
CREATE TABLE `wallets` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`address` text NOT NULL,
	`is_primary` integer DEFAULT false NOT NULL,
	`encrypted_private_key` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `wallets_address_uq` ON `wallets` (`address`);--> statement-breakpoint
CREATE INDEX `wallets_user_idx` ON `wallets` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `wallets_one_primary_uq` ON `wallets` (`user_id`) WHERE "wallets"."is_primary" = 1;