CREATE TABLE "chain_identities" (
	"driver" text PRIMARY KEY NOT NULL,
	"chain_id" bigint NOT NULL,
	"genesis_hash" text NOT NULL,
	"checked_at" timestamp (3) with time zone,
	"mismatch" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_tx_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"chain_tx_id" text NOT NULL,
	"purpose" text NOT NULL,
	"transaction_hash" text NOT NULL,
	"raw" text NOT NULL,
	"nonce" bigint NOT NULL,
	"max_fee_per_gas" text NOT NULL,
	"max_priority_fee_per_gas" text NOT NULL,
	"broadcast" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_tx_events" (
	"id" text PRIMARY KEY NOT NULL,
	"chain_tx_id" text NOT NULL,
	"status" text NOT NULL,
	"previous_status" text,
	"transaction_hash" text,
	"detail" text,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "chain_tx_live_entity_uq";--> statement-breakpoint
ALTER TABLE "chain_transactions" ADD COLUMN "block_hash" text;--> statement-breakpoint
ALTER TABLE "chain_transactions" ADD COLUMN "gas_used" text;--> statement-breakpoint
ALTER TABLE "chain_transactions" ADD COLUMN "effective_gas_price" text;--> statement-breakpoint
ALTER TABLE "chain_transactions" ADD COLUMN "value_wei" text;--> statement-breakpoint
ALTER TABLE "chain_transactions" ADD COLUMN "max_fee_per_gas" text;--> statement-breakpoint
ALTER TABLE "chain_transactions" ADD COLUMN "max_priority_fee_per_gas" text;--> statement-breakpoint
ALTER TABLE "chain_transactions" ADD COLUMN "gas_limit" text;--> statement-breakpoint
ALTER TABLE "chain_transactions" ADD COLUMN "sent_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "chain_transactions" ADD COLUMN "sent_block" bigint;--> statement-breakpoint
ALTER TABLE "chain_transactions" ADD COLUMN "cancel_requested_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "chain_transactions" ADD COLUMN "genesis_hash" text;--> statement-breakpoint
ALTER TABLE "chain_transactions" ADD COLUMN "final_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "token_transfers" ADD COLUMN "state" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "chain_tx_attempts" ADD CONSTRAINT "chain_tx_attempts_chain_tx_id_chain_transactions_id_fk" FOREIGN KEY ("chain_tx_id") REFERENCES "public"."chain_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_tx_events" ADD CONSTRAINT "chain_tx_events_chain_tx_id_chain_transactions_id_fk" FOREIGN KEY ("chain_tx_id") REFERENCES "public"."chain_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_tx_attempts_hash_uq" ON "chain_tx_attempts" USING btree ("transaction_hash");--> statement-breakpoint
CREATE INDEX "chain_tx_attempts_tx_idx" ON "chain_tx_attempts" USING btree ("chain_tx_id","created_at");--> statement-breakpoint
CREATE INDEX "chain_tx_events_tx_idx" ON "chain_tx_events" USING btree ("chain_tx_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_tx_live_entity_uq" ON "chain_transactions" USING btree ("entity_id") WHERE "chain_transactions"."status" in ('PREPARED', 'SIGNED', 'SUBMITTED', 'MINED');--> statement-breakpoint
UPDATE "token_transfers" SET "state" = CASE "status" WHEN 'PENDING' THEN 'queued' WHEN 'SIGNED' THEN 'signed' WHEN 'SUBMITTED' THEN 'sent' WHEN 'CONFIRMED' THEN 'mined_success' ELSE 'errored' END;--> statement-breakpoint
INSERT INTO "chain_tx_attempts" ("id", "chain_tx_id", "purpose", "transaction_hash", "raw", "nonce", "max_fee_per_gas", "max_priority_fee_per_gas", "broadcast", "created_at")
  SELECT gen_random_uuid()::text, "id", 'original', "transaction_hash", "raw", "nonce", '0', '0', "broadcast", "created_at"
  FROM "chain_transactions" WHERE "transaction_hash" IS NOT NULL AND "raw" IS NOT NULL AND "nonce" IS NOT NULL;--> statement-breakpoint
UPDATE "chain_transactions" SET "final_at" = "updated_at" WHERE "status" = 'CONFIRMED';
