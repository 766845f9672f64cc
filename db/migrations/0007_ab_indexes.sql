DROP INDEX `nfts_org_copyright_created_idx`;--> statement-breakpoint
DROP INDEX `nfts_org_updated_idx`;--> statement-breakpoint
DROP INDEX `nfts_org_name_idx`;--> statement-breakpoint
DROP INDEX `nfts_org_status_created_idx`;--> statement-breakpoint
DROP INDEX `nfts_org_minted_idx`;--> statement-breakpoint
DROP INDEX `nfts_org_supply_idx`;--> statement-breakpoint
DROP INDEX `nfts_org_contract_created_idx`;--> statement-breakpoint
CREATE INDEX `nfts_org_status_only_id_idx` ON `nfts` (`organization_id`,`status`,`id`);--> statement-breakpoint
CREATE INDEX `nfts_org_status_updated_id_idx` ON `nfts` (`organization_id`,`status`,`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `nfts_org_status_name_id_idx` ON `nfts` (`organization_id`,`status`,`name`,`id`);--> statement-breakpoint
CREATE INDEX `nfts_org_status_minted_id_idx` ON `nfts` (`organization_id`,`status`,`minted_at`,`id`);--> statement-breakpoint
CREATE INDEX `nfts_org_status_supply_id_idx` ON `nfts` (`organization_id`,`status`,`supply`,`id`);--> statement-breakpoint
CREATE INDEX `nfts_org_copyright_created_id_idx` ON `nfts` (`organization_id`,`copyright_status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `nfts_org_copyright_updated_id_idx` ON `nfts` (`organization_id`,`copyright_status`,`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `nfts_org_copyright_name_id_idx` ON `nfts` (`organization_id`,`copyright_status`,`name`,`id`);--> statement-breakpoint
CREATE INDEX `nfts_org_copyright_status_id_idx` ON `nfts` (`organization_id`,`copyright_status`,`status`,`id`);--> statement-breakpoint
CREATE INDEX `nfts_org_copyright_minted_id_idx` ON `nfts` (`organization_id`,`copyright_status`,`minted_at`,`id`);--> statement-breakpoint
CREATE INDEX `nfts_org_copyright_supply_id_idx` ON `nfts` (`organization_id`,`copyright_status`,`supply`,`id`);