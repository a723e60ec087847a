-- Red packets (issue 22 item 2; docs/campaigns/red-packets.md). A packet splits a budget into `count`
-- amounts (whole 分, in 0.0001 元) fixed at creation from a secret seed; `commitment` = SHA-256(seed ‖
-- "red-packet:" ‖ id) is public at once, the seed only once the packet has ended. The k-th claim takes
-- amounts[k] through one guarded counter update; one claim per customer (unique). The money moves from
-- the packet's own escrow account (funded with the budget at creation, never negative) to the player.
CREATE TABLE "red_packets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"title" text NOT NULL CHECK (char_length("title") BETWEEN 1 AND 40),
	"description" text NOT NULL DEFAULT '' CHECK (char_length("description") <= 200),
	"rule" text NOT NULL CHECK ("rule" IN ('FIXED', 'RANDOM')),
	"budget" bigint NOT NULL CHECK ("budget" > 0),
	"count" integer NOT NULL CHECK ("count" BETWEEN 1 AND 10000),
	"min_amount" bigint,
	"max_amount" bigint,
	"claimed" integer NOT NULL DEFAULT 0,
	-- ACTIVE (claimable between starts_at and ends_at), PAUSED, ENDED (all claimed, or ended by an operator).
	"status" text NOT NULL DEFAULT 'ACTIVE' CHECK ("status" IN ('ACTIVE', 'PAUSED', 'ENDED')),
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	-- Set once the lifecycle job has announced the start (redPacketsChanged) of a packet scheduled ahead.
	"start_announced" boolean NOT NULL DEFAULT false,
	"seed" text NOT NULL CHECK ("seed" ~ '^[0-9a-f]{64}$'),
	"commitment" text NOT NULL CHECK ("commitment" ~ '^[0-9a-f]{64}$'),
	"amounts" bigint[] NOT NULL,
	"vip_levels" text[] NOT NULL DEFAULT '{}',
	"min_deposit_today" bigint NOT NULL DEFAULT 0 CHECK ("min_deposit_today" >= 0),
	"registered_before_start" boolean NOT NULL DEFAULT false,
	"stake_multiple_bp" integer NOT NULL DEFAULT 10000 CHECK ("stake_multiple_bp" BETWEEN 0 AND 1000000),
	"escrow_account_id" bigint REFERENCES "ledger_accounts" ("id"),
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	CHECK ("claimed" BETWEEN 0 AND "count"),
	CHECK ("ends_at" > "starts_at"),
	CHECK (cardinality("amounts") = "count"),
	CHECK ("rule" = 'FIXED' OR ("min_amount" > 0 AND "max_amount" >= "min_amount"))
);
--> statement-breakpoint
CREATE INDEX "red_packets_open_idx" ON "red_packets" ("ends_at") WHERE "status" <> 'ENDED';
--> statement-breakpoint
CREATE TABLE "red_packet_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"packet_id" bigint NOT NULL REFERENCES "red_packets" ("id"),
	"customer_id" bigint NOT NULL REFERENCES "customers" ("id"),
	"seq" integer NOT NULL CHECK ("seq" >= 1),
	"amount" bigint NOT NULL CHECK ("amount" > 0),
	"claimed_at" timestamp with time zone NOT NULL DEFAULT now(),
	CONSTRAINT "red_packet_claims_once" UNIQUE ("packet_id", "customer_id"),
	CONSTRAINT "red_packet_claims_seq" UNIQUE ("packet_id", "seq")
);
--> statement-breakpoint
CREATE INDEX "red_packet_claims_customer_idx" ON "red_packet_claims" ("customer_id");
--> statement-breakpoint
-- A claim is a fact of the ledger: never changed or removed.
CREATE FUNCTION "red_packet_claims_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'red_packet_claims is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "red_packet_claims_append_only" BEFORE UPDATE OR DELETE ON "red_packet_claims"
	FOR EACH ROW EXECUTE FUNCTION "red_packet_claims_append_only"();
