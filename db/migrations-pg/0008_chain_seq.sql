CREATE TABLE "chain_sequences" (
	"name" text PRIMARY KEY NOT NULL,
	"value" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "transfers_org_created_idx";--> statement-breakpoint
ALTER TABLE "chain_transactions" ADD COLUMN "seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chain_tx_attempts" ADD COLUMN "seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chain_tx_events" ADD COLUMN "seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "token_transfers" ADD COLUMN "seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A counter row only where rows exist (a fresh database stays empty for `db copy` / `db restore`;
-- the first insert creates its counter). Rows already here (copied before this column existed) are numbered in the order the ledger read them: created_at, then id.
UPDATE "chain_transactions" t SET "seq" = o.n FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM "chain_transactions") o WHERE o.id = t.id;--> statement-breakpoint
INSERT INTO "chain_sequences" ("name", "value") SELECT 'chain_transactions', count(*) FROM "chain_transactions" HAVING count(*) > 0;--> statement-breakpoint
UPDATE "chain_tx_attempts" t SET "seq" = o.n FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM "chain_tx_attempts") o WHERE o.id = t.id;--> statement-breakpoint
INSERT INTO "chain_sequences" ("name", "value") SELECT 'chain_tx_attempts', count(*) FROM "chain_tx_attempts" HAVING count(*) > 0;--> statement-breakpoint
UPDATE "chain_tx_events" t SET "seq" = o.n FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM "chain_tx_events") o WHERE o.id = t.id;--> statement-breakpoint
INSERT INTO "chain_sequences" ("name", "value") SELECT 'chain_tx_events', count(*) FROM "chain_tx_events" HAVING count(*) > 0;--> statement-breakpoint
UPDATE "token_transfers" t SET "seq" = o.n FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM "token_transfers") o WHERE o.id = t.id;--> statement-breakpoint
INSERT INTO "chain_sequences" ("name", "value") SELECT 'token_transfers', count(*) FROM "token_transfers" HAVING count(*) > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_tx_seq_uq" ON "chain_transactions" USING btree ("seq");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_tx_attempts_seq_uq" ON "chain_tx_attempts" USING btree ("seq");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_tx_events_seq_uq" ON "chain_tx_events" USING btree ("seq");--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_seq_uq" ON "token_transfers" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "transfers_org_created_idx" ON "token_transfers" USING btree ("organization_id","created_at","seq");