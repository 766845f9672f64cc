CREATE TABLE "chain_nonces" (
	"chain" text NOT NULL,
	"address" text NOT NULL,
	"next" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "chain_nonces_chain_address_pk" PRIMARY KEY("chain","address")
);
--> statement-breakpoint
ALTER TABLE "chain_transactions" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "chain_transactions" ADD COLUMN "lease_until" timestamp (3) with time zone;