CREATE TABLE `chain_nonces` (
	`chain` text NOT NULL,
	`address` text NOT NULL,
	`next` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`chain`, `address`)
);
--> statement-breakpoint
ALTER TABLE `chain_transactions` ADD `claimed_by` text;--> statement-breakpoint
ALTER TABLE `chain_transactions` ADD `lease_until` integer;