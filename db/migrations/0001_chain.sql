CREATE TABLE `chain_transactions` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`kind` text NOT NULL,
	`entity_id` text NOT NULL,
	`chain` text NOT NULL,
	`chain_id` integer,
	`status` text DEFAULT 'PREPARED' NOT NULL,
	`from_address` text,
	`to_address` text,
	`nonce` integer,
	`transaction_hash` text,
	`raw` text,
	`broadcast` integer DEFAULT false NOT NULL,
	`contract_address` text,
	`token_id` integer,
	`block_number` integer,
	`block_time` integer,
	`error` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_check_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `chain_tx_hash_uq` ON `chain_transactions` (`transaction_hash`) WHERE "chain_transactions"."transaction_hash" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX `chain_tx_live_entity_uq` ON `chain_transactions` (`entity_id`) WHERE "chain_transactions"."status" in ('PREPARED', 'SIGNED', 'SUBMITTED');--> statement-breakpoint
CREATE INDEX `chain_tx_status_next_idx` ON `chain_transactions` (`status`,`next_check_at`);--> statement-breakpoint
CREATE INDEX `chain_tx_from_nonce_idx` ON `chain_transactions` (`chain`,`from_address`,`nonce`);--> statement-breakpoint
CREATE INDEX `chain_tx_entity_idx` ON `chain_transactions` (`entity_id`);