CREATE TABLE `search_counters` (
	`organization_id` text NOT NULL,
	`name` text NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`organization_id`, `name`)
);
--> statement-breakpoint
ALTER TABLE `nfts` ADD `copyrighted` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `nfts_org_updated_id_idx` ON `nfts` (`organization_id`,`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `nfts_org_name_id_idx` ON `nfts` (`organization_id`,`name`,`id`);--> statement-breakpoint
CREATE INDEX `nfts_org_status_id_idx` ON `nfts` (`organization_id`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `nfts_org_minted_id_idx` ON `nfts` (`organization_id`,`minted_at`,`id`);--> statement-breakpoint
CREATE INDEX `nfts_org_supply_id_idx` ON `nfts` (`organization_id`,`supply`,`id`);--> statement-breakpoint
CREATE INDEX `nfts_org_contract_id_idx` ON `nfts` (`organization_id`,`smart_contract_id`,`created_at`,`id`);--> statement-breakpoint
ALTER TABLE `smart_contracts` ADD `total_nfts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `smart_contracts` ADD `total_supply` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `contracts_org_updated_id_idx` ON `smart_contracts` (`organization_id`,`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `contracts_org_name_id_idx` ON `smart_contracts` (`organization_id`,`name`,`id`);--> statement-breakpoint
CREATE INDEX `contracts_org_symbol_id_idx` ON `smart_contracts` (`organization_id`,`symbol`,`id`);--> statement-breakpoint
CREATE INDEX `contracts_org_status_id_idx` ON `smart_contracts` (`organization_id`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `contracts_org_deployed_id_idx` ON `smart_contracts` (`organization_id`,`deployed_at`,`id`);--> statement-breakpoint
ALTER TABLE `user_organizations` ADD `total_nfts` integer DEFAULT 0 NOT NULL;