ALTER TABLE "outbox_emails" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "lease_until" timestamp (3) with time zone;