ALTER TABLE `outbox_emails` ADD `claimed_by` text;--> statement-breakpoint
ALTER TABLE `outbox_emails` ADD `lease_until` integer;