CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp (3) with time zone,
	"refresh_token_expires_at" timestamp (3) with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"user_id" text NOT NULL,
	"family" text NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"last_used_at" timestamp (3) with time zone,
	"expires_at" timestamp (3) with time zone,
	"revoked_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text,
	"actor_type" text NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"request_id" text,
	"data" json,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"kind" text NOT NULL,
	"entity_id" text NOT NULL,
	"chain" text NOT NULL,
	"chain_id" bigint,
	"status" text DEFAULT 'PREPARED' NOT NULL,
	"from_address" text,
	"to_address" text,
	"nonce" bigint,
	"transaction_hash" text,
	"raw" text,
	"broadcast" boolean DEFAULT false NOT NULL,
	"contract_address" text,
	"token_id" bigint,
	"block_number" bigint,
	"block_time" timestamp (3) with time zone,
	"error" text,
	"attempts" bigint DEFAULT 0 NOT NULL,
	"next_check_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "copyright_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"nft_id" text NOT NULL,
	"share_id" text,
	"user_id" text NOT NULL,
	"percentage" double precision NOT NULL,
	"licence" text NOT NULL,
	"round" bigint NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"send_count" bigint DEFAULT 1 NOT NULL,
	"last_sent_at" timestamp (3) with time zone NOT NULL,
	"decision" text,
	"reason" text,
	"location" text,
	"decided_at" timestamp (3) with time zone,
	"decided_via" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "copyright_shares" (
	"id" text PRIMARY KEY NOT NULL,
	"nft_id" text NOT NULL,
	"user_id" text NOT NULL,
	"percentage" double precision NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"copy_auth_location" text,
	"copy_auth_timestamp" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"send_count" bigint DEFAULT 0 NOT NULL,
	"last_sent_at" timestamp (3) with time zone,
	"accepted_at" timestamp (3) with time zone,
	"user_organization_id" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nfts" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"smart_contract_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"external_url" text,
	"image_path" text,
	"metadata" json,
	"metadata_uri" text,
	"supply" bigint DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'CREATED' NOT NULL,
	"minted_at" timestamp (3) with time zone,
	"token_id" bigint,
	"token_uri" text,
	"token_owner" text,
	"mint_transaction_hash" text,
	"mint_logs" text,
	"licence" text,
	"signature" text,
	"copyright_metadata" text,
	"copyrighted_at" timestamp (3) with time zone,
	"copyrighted" boolean DEFAULT false NOT NULL,
	"copyright_status" text DEFAULT 'NONE' NOT NULL,
	"licence_offered" text,
	"copyright_record_cid" text,
	"name_fold" text DEFAULT '' NOT NULL,
	"contract_name_fold" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"tenant" text NOT NULL,
	"chain_key_encrypted" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "organizations_tenant_unique" UNIQUE("tenant")
);
--> statement-breakpoint
CREATE TABLE "outbox_emails" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" bigint DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp (3) with time zone,
	"claimed_at" timestamp (3) with time zone,
	"sent_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_counters" (
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "search_counters_organization_id_name_pk" PRIMARY KEY("organization_id","name")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"token" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "smart_contracts" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"symbol" text NOT NULL,
	"description" text,
	"network" text DEFAULT 'POLYGON' NOT NULL,
	"env" text DEFAULT 'TESTNET' NOT NULL,
	"status" text DEFAULT 'CREATED' NOT NULL,
	"contract_address" text,
	"deployed_at" timestamp (3) with time zone,
	"metadata" json,
	"creator_address" text,
	"deployment_transaction_hash" text,
	"deployment_logs" text,
	"total_nfts" bigint DEFAULT 0 NOT NULL,
	"total_supply" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "token_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"user_organization_id" text,
	"to_address" text NOT NULL,
	"amount" text NOT NULL,
	"token_type" text NOT NULL,
	"transaction_hash" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"broadcast" boolean DEFAULT false NOT NULL,
	"chain" text DEFAULT 'local' NOT NULL,
	"error" text,
	"idempotency_key" text,
	"request_fingerprint" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_organizations" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"role" text DEFAULT 'MEMBER' NOT NULL,
	"total_nfts" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"user_name" text,
	"first_name" text,
	"last_name" text,
	"image" text,
	"phone_number" text,
	"email_confirmed" boolean DEFAULT false NOT NULL,
	"is_registered" boolean DEFAULT false NOT NULL,
	"push_token" text,
	"auth_location" text,
	"auth_valid_upto" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"address" text NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"encrypted_private_key" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_transactions" ADD CONSTRAINT "chain_transactions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copyright_requests" ADD CONSTRAINT "copyright_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copyright_requests" ADD CONSTRAINT "copyright_requests_nft_id_nfts_id_fk" FOREIGN KEY ("nft_id") REFERENCES "public"."nfts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copyright_requests" ADD CONSTRAINT "copyright_requests_share_id_copyright_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."copyright_shares"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copyright_requests" ADD CONSTRAINT "copyright_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copyright_shares" ADD CONSTRAINT "copyright_shares_nft_id_nfts_id_fk" FOREIGN KEY ("nft_id") REFERENCES "public"."nfts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copyright_shares" ADD CONSTRAINT "copyright_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_user_organization_id_user_organizations_id_fk" FOREIGN KEY ("user_organization_id") REFERENCES "public"."user_organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfts" ADD CONSTRAINT "nfts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfts" ADD CONSTRAINT "nfts_smart_contract_id_smart_contracts_id_fk" FOREIGN KEY ("smart_contract_id") REFERENCES "public"."smart_contracts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD CONSTRAINT "outbox_emails_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_contracts" ADD CONSTRAINT "smart_contracts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_transfers" ADD CONSTRAINT "token_transfers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_transfers" ADD CONSTRAINT "token_transfers_user_organization_id_user_organizations_id_fk" FOREIGN KEY ("user_organization_id") REFERENCES "public"."user_organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_organizations" ADD CONSTRAINT "user_organizations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_organizations" ADD CONSTRAINT "user_organizations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_hash_uq" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "api_keys_org_created_idx" ON "api_keys" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_org_created_idx" ON "audit_events" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_entity_idx" ON "audit_events" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "audit_org_action_created_idx" ON "audit_events" USING btree ("organization_id","action","created_at");--> statement-breakpoint
CREATE INDEX "audit_org_entity_type_created_idx" ON "audit_events" USING btree ("organization_id","entity_type","created_at");--> statement-breakpoint
CREATE INDEX "audit_org_actor_created_idx" ON "audit_events" USING btree ("organization_id","actor_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_tx_hash_uq" ON "chain_transactions" USING btree ("transaction_hash") WHERE "chain_transactions"."transaction_hash" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_tx_live_entity_uq" ON "chain_transactions" USING btree ("entity_id") WHERE "chain_transactions"."status" in ('PREPARED', 'SIGNED', 'SUBMITTED');--> statement-breakpoint
CREATE INDEX "chain_tx_status_next_idx" ON "chain_transactions" USING btree ("status","next_check_at");--> statement-breakpoint
CREATE INDEX "chain_tx_from_nonce_idx" ON "chain_transactions" USING btree ("chain","from_address","nonce");--> statement-breakpoint
CREATE INDEX "chain_tx_entity_idx" ON "chain_transactions" USING btree ("entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "copyright_requests_token_uq" ON "copyright_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "copyright_requests_nft_idx" ON "copyright_requests" USING btree ("nft_id","created_at");--> statement-breakpoint
CREATE INDEX "copyright_requests_share_idx" ON "copyright_requests" USING btree ("share_id");--> statement-breakpoint
CREATE INDEX "copyright_requests_user_idx" ON "copyright_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shares_nft_user_uq" ON "copyright_shares" USING btree ("nft_id","user_id");--> statement-breakpoint
CREATE INDEX "shares_user_idx" ON "copyright_shares" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_token_hash_uq" ON "invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "invitations_org_status_created_idx" ON "invitations" USING btree ("organization_id","status","created_at");--> statement-breakpoint
CREATE INDEX "invitations_org_status_updated_idx" ON "invitations" USING btree ("organization_id","status","updated_at");--> statement-breakpoint
CREATE INDEX "nfts_org_created_idx" ON "nfts" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "nfts_contract_idx" ON "nfts" USING btree ("smart_contract_id");--> statement-breakpoint
CREATE INDEX "nfts_org_updated_id_idx" ON "nfts" USING btree ("organization_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "nfts_org_name_id_idx" ON "nfts" USING btree ("organization_id","name","id");--> statement-breakpoint
CREATE INDEX "nfts_org_minted_id_idx" ON "nfts" USING btree ("organization_id","minted_at","id");--> statement-breakpoint
CREATE INDEX "nfts_org_supply_id_idx" ON "nfts" USING btree ("organization_id","supply","id");--> statement-breakpoint
CREATE INDEX "nfts_org_status_only_id_idx" ON "nfts" USING btree ("organization_id","status","id");--> statement-breakpoint
CREATE INDEX "nfts_org_status_id_idx" ON "nfts" USING btree ("organization_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "nfts_org_status_updated_id_idx" ON "nfts" USING btree ("organization_id","status","updated_at","id");--> statement-breakpoint
CREATE INDEX "nfts_org_status_name_id_idx" ON "nfts" USING btree ("organization_id","status","name","id");--> statement-breakpoint
CREATE INDEX "nfts_org_status_minted_id_idx" ON "nfts" USING btree ("organization_id","status","minted_at","id");--> statement-breakpoint
CREATE INDEX "nfts_org_status_supply_id_idx" ON "nfts" USING btree ("organization_id","status","supply","id");--> statement-breakpoint
CREATE INDEX "nfts_org_copyright_created_id_idx" ON "nfts" USING btree ("organization_id","copyright_status","created_at","id");--> statement-breakpoint
CREATE INDEX "nfts_org_copyright_updated_id_idx" ON "nfts" USING btree ("organization_id","copyright_status","updated_at","id");--> statement-breakpoint
CREATE INDEX "nfts_org_copyright_name_id_idx" ON "nfts" USING btree ("organization_id","copyright_status","name","id");--> statement-breakpoint
CREATE INDEX "nfts_org_copyright_status_id_idx" ON "nfts" USING btree ("organization_id","copyright_status","status","id");--> statement-breakpoint
CREATE INDEX "nfts_org_copyright_minted_id_idx" ON "nfts" USING btree ("organization_id","copyright_status","minted_at","id");--> statement-breakpoint
CREATE INDEX "nfts_org_copyright_supply_id_idx" ON "nfts" USING btree ("organization_id","copyright_status","supply","id");--> statement-breakpoint
CREATE INDEX "nfts_org_contract_id_idx" ON "nfts" USING btree ("organization_id","smart_contract_id","created_at","id");--> statement-breakpoint
CREATE INDEX "nfts_b1_name_fold_id_idx" ON "nfts" USING btree ("organization_id","name_fold","id");--> statement-breakpoint
CREATE INDEX "nfts_b1_contract_name_fold_id_idx" ON "nfts" USING btree ("organization_id","contract_name_fold","id");--> statement-breakpoint
CREATE INDEX "nfts_b1_token_id_idx" ON "nfts" USING btree ("organization_id","token_id","id");--> statement-breakpoint
CREATE INDEX "nfts_b1_status_name_fold_id_idx" ON "nfts" USING btree ("organization_id","status","name_fold","id");--> statement-breakpoint
CREATE INDEX "outbox_status_next_idx" ON "outbox_emails" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "outbox_org_created_idx" ON "outbox_emails" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "contracts_org_created_idx" ON "smart_contracts" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contracts_org_updated_idx" ON "smart_contracts" USING btree ("organization_id","updated_at");--> statement-breakpoint
CREATE INDEX "contracts_org_name_idx" ON "smart_contracts" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "contracts_org_symbol_idx" ON "smart_contracts" USING btree ("organization_id","symbol");--> statement-breakpoint
CREATE INDEX "contracts_org_status_created_idx" ON "smart_contracts" USING btree ("organization_id","status","created_at");--> statement-breakpoint
CREATE INDEX "contracts_org_deployed_idx" ON "smart_contracts" USING btree ("organization_id","deployed_at");--> statement-breakpoint
CREATE INDEX "contracts_org_updated_id_idx" ON "smart_contracts" USING btree ("organization_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "contracts_org_name_id_idx" ON "smart_contracts" USING btree ("organization_id","name","id");--> statement-breakpoint
CREATE INDEX "contracts_org_symbol_id_idx" ON "smart_contracts" USING btree ("organization_id","symbol","id");--> statement-breakpoint
CREATE INDEX "contracts_org_status_id_idx" ON "smart_contracts" USING btree ("organization_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "contracts_org_deployed_id_idx" ON "smart_contracts" USING btree ("organization_id","deployed_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_org_idem_uq" ON "token_transfers" USING btree ("organization_id","idempotency_key") WHERE "token_transfers"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "transfers_org_created_idx" ON "token_transfers" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "transfers_member_idx" ON "token_transfers" USING btree ("user_organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_org_org_user_uq" ON "user_organizations" USING btree ("organization_id","user_id");--> statement-breakpoint
CREATE INDEX "user_org_user_idx" ON "user_organizations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_org_org_created_user_idx" ON "user_organizations" USING btree ("organization_id","created_at","user_id");--> statement-breakpoint
CREATE INDEX "user_org_org_updated_idx" ON "user_organizations" USING btree ("organization_id","updated_at");--> statement-breakpoint
CREATE INDEX "user_org_org_status_created_idx" ON "user_organizations" USING btree ("organization_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_user_name_lower_uq" ON "users" USING btree (lower("user_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_number_uq" ON "users" USING btree ("phone_number");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_address_uq" ON "wallets" USING btree ("address");--> statement-breakpoint
CREATE INDEX "wallets_user_idx" ON "wallets" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_one_primary_uq" ON "wallets" USING btree ("user_id") WHERE "wallets"."is_primary" = true;