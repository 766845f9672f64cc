ALTER TABLE `nfts` ADD `name_fold` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `nfts` ADD `contract_name_fold` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `nfts_b1_name_fold_id_idx` ON `nfts` (`organization_id`,`name_fold`,`id`);--> statement-breakpoint
CREATE INDEX `nfts_b1_contract_name_fold_id_idx` ON `nfts` (`organization_id`,`contract_name_fold`,`id`);--> statement-breakpoint
CREATE INDEX `nfts_b1_token_id_idx` ON `nfts` (`organization_id`,`token_id`,`id`);--> statement-breakpoint
CREATE INDEX `nfts_b1_status_name_fold_id_idx` ON `nfts` (`organization_id`,`status`,`name_fold`,`id`);