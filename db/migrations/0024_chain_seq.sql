CREATE TABLE `chain_sequences` (
	`name` text PRIMARY KEY NOT NULL,
	`value` integer NOT NULL
);
--> statement-breakpoint
-- A counter row only where rows exist (a fresh database stays empty for `db copy`; the first
-- insert creates its counter). Existing rows keep their order: token_transfers and
-- chain_transactions were read by rowid (the history's tie-break, the local chain's block
-- numbers), attempts and events by (created_at, rowid).
DROP INDEX `transfers_org_created_idx`;--> statement-breakpoint
ALTER TABLE `token_transfers` ADD `seq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `token_transfers` SET `seq` = o.n FROM (SELECT rowid AS r, row_number() OVER (ORDER BY rowid) AS n FROM `token_transfers`) AS o WHERE o.r = `token_transfers`.rowid;--> statement-breakpoint
INSERT INTO `chain_sequences` (`name`, `value`) SELECT 'token_transfers', count(*) FROM `token_transfers` HAVING count(*) > 0;--> statement-breakpoint
CREATE UNIQUE INDEX `transfers_seq_uq` ON `token_transfers` (`seq`);--> statement-breakpoint
CREATE INDEX `transfers_org_created_idx` ON `token_transfers` (`organization_id`,`created_at`,`seq`);--> statement-breakpoint
ALTER TABLE `chain_transactions` ADD `seq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `chain_transactions` SET `seq` = o.n FROM (SELECT rowid AS r, row_number() OVER (ORDER BY rowid) AS n FROM `chain_transactions`) AS o WHERE o.r = `chain_transactions`.rowid;--> statement-breakpoint
INSERT INTO `chain_sequences` (`name`, `value`) SELECT 'chain_transactions', count(*) FROM `chain_transactions` HAVING count(*) > 0;--> statement-breakpoint
CREATE UNIQUE INDEX `chain_tx_seq_uq` ON `chain_transactions` (`seq`);--> statement-breakpoint
ALTER TABLE `chain_tx_attempts` ADD `seq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `chain_tx_attempts` SET `seq` = o.n FROM (SELECT rowid AS r, row_number() OVER (ORDER BY created_at, rowid) AS n FROM `chain_tx_attempts`) AS o WHERE o.r = `chain_tx_attempts`.rowid;--> statement-breakpoint
INSERT INTO `chain_sequences` (`name`, `value`) SELECT 'chain_tx_attempts', count(*) FROM `chain_tx_attempts` HAVING count(*) > 0;--> statement-breakpoint
CREATE UNIQUE INDEX `chain_tx_attempts_seq_uq` ON `chain_tx_attempts` (`seq`);--> statement-breakpoint
ALTER TABLE `chain_tx_events` ADD `seq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `chain_tx_events` SET `seq` = o.n FROM (SELECT rowid AS r, row_number() OVER (ORDER BY created_at, rowid) AS n FROM `chain_tx_events`) AS o WHERE o.r = `chain_tx_events`.rowid;--> statement-breakpoint
INSERT INTO `chain_sequences` (`name`, `value`) SELECT 'chain_tx_events', count(*) FROM `chain_tx_events` HAVING count(*) > 0;--> statement-breakpoint
CREATE UNIQUE INDEX `chain_tx_events_seq_uq` ON `chain_tx_events` (`seq`);