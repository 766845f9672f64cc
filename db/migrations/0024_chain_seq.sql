CREATE TABLE `chain_sequences` (
	`name` text PRIMARY KEY NOT NULL,
	`value` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `chain_transactions` ADD `seq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Existing rows keep their order: the ledger and the local chain's block numbers read chain_transactions by rowid, attempts and events by (created_at, rowid).
UPDATE `chain_transactions` SET `seq` = o.n FROM (SELECT rowid AS r, row_number() OVER (ORDER BY rowid) AS n FROM `chain_transactions`) AS o WHERE o.r = `chain_transactions`.rowid;--> statement-breakpoint
INSERT INTO `chain_sequences` (`name`, `value`) SELECT 'chain_transactions', count(*) FROM `chain_transactions`;--> statement-breakpoint
CREATE UNIQUE INDEX `chain_tx_seq_uq` ON `chain_transactions` (`seq`);--> statement-breakpoint
ALTER TABLE `chain_tx_attempts` ADD `seq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `chain_tx_attempts` SET `seq` = o.n FROM (SELECT rowid AS r, row_number() OVER (ORDER BY created_at, rowid) AS n FROM `chain_tx_attempts`) AS o WHERE o.r = `chain_tx_attempts`.rowid;--> statement-breakpoint
INSERT INTO `chain_sequences` (`name`, `value`) SELECT 'chain_tx_attempts', count(*) FROM `chain_tx_attempts`;--> statement-breakpoint
CREATE UNIQUE INDEX `chain_tx_attempts_seq_uq` ON `chain_tx_attempts` (`seq`);--> statement-breakpoint
ALTER TABLE `chain_tx_events` ADD `seq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `chain_tx_events` SET `seq` = o.n FROM (SELECT rowid AS r, row_number() OVER (ORDER BY created_at, rowid) AS n FROM `chain_tx_events`) AS o WHERE o.r = `chain_tx_events`.rowid;--> statement-breakpoint
INSERT INTO `chain_sequences` (`name`, `value`) SELECT 'chain_tx_events', count(*) FROM `chain_tx_events`;--> statement-breakpoint
CREATE UNIQUE INDEX `chain_tx_events_seq_uq` ON `chain_tx_events` (`seq`);
