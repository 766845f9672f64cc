CREATE TABLE `chain_identities` (
	`driver` text PRIMARY KEY NOT NULL,
	`chain_id` integer NOT NULL,
	`genesis_hash` text NOT NULL,
	`checked_at` integer,
	`mismatch` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `chain_tx_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`chain_tx_id` text NOT NULL,
	`purpose` text NOT NULL,
	`transaction_hash` text NOT NULL,
	`raw` text NOT NULL,
	`nonce` integer NOT NULL,
	`max_fee_per_gas` text NOT NULL,
	`max_priority_fee_per_gas` text NOT NULL,
	`broadcast` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`chain_tx_id`) REFERENCES `chain_transactions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `chain_tx_attempts_hash_uq` ON `chain_tx_attempts` (`transaction_hash`);--> statement-breakpoint
CREATE INDEX `chain_tx_attempts_tx_idx` ON `chain_tx_attempts` (`chain_tx_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `chain_tx_events` (
	`id` text PRIMARY KEY NOT NULL,
	`chain_tx_id` text NOT NULL,
	`status` text NOT NULL,
	`previous_status` text,
	`transaction_hash` text,
	`detail` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`chain_tx_id`) REFERENCES `chain_transactions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `chain_tx_events_tx_idx` ON `chain_tx_events` (`chain_tx_id`,`created_at`);--> statement-breakpoint
DROP INDEX `chain_tx_live_entity_uq`;--> statement-breakpoint
ALTER TABLE `chain_transactions` ADD `block_hash` text;--> statement-breakpoint
ALTER TABLE `chain_transactions` ADD `gas_used` text;--> statement-breakpoint
ALTER TABLE `chain_transactions` ADD `effective_gas_price` text;--> statement-breakpoint
ALTER TABLE `chain_transactions` ADD `value_wei` text;--> statement-breakpoint
ALTER TABLE `chain_transactions` ADD `max_fee_per_gas` text;--> statement-breakpoint
ALTER TABLE `chain_transactions` ADD `max_priority_fee_per_gas` text;--> statement-breakpoint
ALTER TABLE `chain_transactions` ADD `gas_limit` text;--> statement-breakpoint
ALTER TABLE `chain_transactions` ADD `sent_at` integer;--> statement-breakpoint
ALTER TABLE `chain_transactions` ADD `sent_block` integer;--> statement-breakpoint
ALTER TABLE `chain_transactions` ADD `cancel_requested_at` integer;--> statement-breakpoint
ALTER TABLE `chain_transactions` ADD `genesis_hash` text;--> statement-breakpoint
ALTER TABLE `chain_transactions` ADD `final_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `chain_tx_live_entity_uq` ON `chain_transactions` (`entity_id`) WHERE "chain_transactions"."status" in ('PREPARED', 'SIGNED', 'SUBMITTED', 'MINED');--> statement-breakpoint
ALTER TABLE `token_transfers` ADD `state` text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
UPDATE `token_transfers` SET `state` = CASE `status` WHEN 'PENDING' THEN 'queued' WHEN 'SIGNED' THEN 'signed' WHEN 'SUBMITTED' THEN 'sent' WHEN 'CONFIRMED' THEN 'mined_success' ELSE 'errored' END;--> statement-breakpoint
INSERT INTO `chain_tx_attempts` (`id`, `chain_tx_id`, `purpose`, `transaction_hash`, `raw`, `nonce`, `max_fee_per_gas`, `max_priority_fee_per_gas`, `broadcast`, `created_at`)
  SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-a' || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))),
    `id`, 'original', `transaction_hash`, `raw`, `nonce`, '0', '0', `broadcast`, `created_at`
  FROM `chain_transactions` WHERE `transaction_hash` IS NOT NULL AND `raw` IS NOT NULL AND `nonce` IS NOT NULL;
--> statement-breakpoint
UPDATE `chain_transactions` SET `final_at` = `updated_at` WHERE `status` = 'CONFIRMED';
