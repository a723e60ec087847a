-- Third-party game providers (issue 20, docs/providers/server.md): the operator's configuration per
-- provider and catalogue, the player's provider wallets as last confirmed, transfers to and from them
-- with their resolution history, and the bet records pulled from each provider.
ALTER TABLE "third_party_providers" ADD COLUMN "adapter_kind" text DEFAULT 'sandbox' NOT NULL;
--> statement-breakpoint
ALTER TABLE "third_party_providers" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
ALTER TABLE "third_party_providers" ADD CONSTRAINT "third_party_providers_adapter_kind_check" CHECK ("adapter_kind" IN ('sandbox'));
--> statement-breakpoint
CREATE TABLE "provider_catalogues" (
	"provider" text NOT NULL REFERENCES "third_party_providers"("code"),
	"catalogue" text NOT NULL CHECK ("catalogue" IN ('LIVE_BETTING', 'SLOT_MACHINE', 'SPORTS_BETTING', 'FISHING_JOY', 'CARD_GAME')),
	"enabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("provider", "catalogue")
);
--> statement-breakpoint
CREATE TABLE "provider_wallets" (
	"customer_id" bigint NOT NULL REFERENCES "customers"("id"),
	"provider" text NOT NULL REFERENCES "third_party_providers"("code"),
	"balance" bigint DEFAULT 0 NOT NULL,
	"confirmed_at" timestamp with time zone,
	"stale" boolean DEFAULT false NOT NULL,
	"player_created" boolean DEFAULT false NOT NULL,
	PRIMARY KEY ("customer_id", "provider")
);
--> statement-breakpoint
CREATE TABLE "provider_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL UNIQUE,
	"customer_id" bigint NOT NULL REFERENCES "customers"("id"),
	"provider" text NOT NULL REFERENCES "third_party_providers"("code"),
	"direction" text NOT NULL CHECK ("direction" IN ('IN', 'OUT')),
	"amount" bigint NOT NULL CHECK ("amount" > 0),
	"request_key" text NOT NULL,
	"origin" text NOT NULL CHECK ("origin" IN ('PLAYER', 'RECALL', 'LAUNCH')),
	"status" text DEFAULT 'PENDING' NOT NULL CHECK ("status" IN ('PENDING', 'SUCCESS', 'FAILED', 'IN_DOUBT')),
	"pending_transfer_id" bigint REFERENCES "ledger_transfers"("id"),
	"last_error" text,
	"checks" integer DEFAULT 0 NOT NULL,
	"next_check_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	UNIQUE ("customer_id", "request_key")
);
--> statement-breakpoint
CREATE INDEX "provider_transfers_customer_idx" ON "provider_transfers" ("customer_id", "id");
--> statement-breakpoint
CREATE INDEX "provider_transfers_open_idx" ON "provider_transfers" ("next_check_at") WHERE "status" IN ('PENDING', 'IN_DOUBT');
--> statement-breakpoint
-- At most one unresolved transfer per player and provider: what the provider wallet holds is known
-- before the next one is sent (docs/providers/server.md, serialisation).
CREATE UNIQUE INDEX "provider_transfers_one_open_idx" ON "provider_transfers" ("customer_id", "provider") WHERE "status" IN ('PENDING', 'IN_DOUBT');
--> statement-breakpoint
CREATE TABLE "provider_transfer_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transfer_id" bigint NOT NULL REFERENCES "provider_transfers"("id"),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"outcome" text NOT NULL,
	"detail" text
);
--> statement-breakpoint
CREATE INDEX "provider_transfer_events_transfer_idx" ON "provider_transfer_events" ("transfer_id", "id");
--> statement-breakpoint
CREATE TABLE "provider_bet_records" (
	"provider" text NOT NULL REFERENCES "third_party_providers"("code"),
	"record_id" text NOT NULL,
	"player_ref" text NOT NULL,
	"customer_id" bigint REFERENCES "customers"("id"),
	"catalogue" text NOT NULL,
	"game_id" text NOT NULL,
	"stake" bigint NOT NULL,
	"payout" bigint NOT NULL,
	"valid_stake" bigint NOT NULL,
	"status" text NOT NULL CHECK ("status" IN ('OPEN', 'SETTLED', 'CANCELLED')),
	"placed_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_seen_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"versions" integer DEFAULT 1 NOT NULL,
	PRIMARY KEY ("provider", "record_id")
);
--> statement-breakpoint
CREATE INDEX "provider_bet_records_customer_idx" ON "provider_bet_records" ("customer_id", "placed_at");
--> statement-breakpoint
CREATE INDEX "provider_bet_records_counted_idx" ON "provider_bet_records" ("customer_id", "settled_seen_at") WHERE "status" = 'SETTLED';
--> statement-breakpoint
CREATE TABLE "provider_record_cursors" (
	"provider" text PRIMARY KEY NOT NULL REFERENCES "third_party_providers"("code"),
	"cursor" text,
	"pulled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text
);
--> statement-breakpoint
INSERT INTO "third_party_providers" ("code", "enabled")
SELECT unnest(ARRAY['AG','BBIN','CQ9','IBC','JDB','KY','LC','LEG','MG','PT','IM','PG','PP','WALI','XM','AVIA']), false
ON CONFLICT ("code") DO NOTHING;
--> statement-breakpoint
INSERT INTO "provider_catalogues" ("provider", "catalogue", "enabled")
SELECT p, c, true FROM (VALUES
	('WALI','CARD_GAME'),('KY','CARD_GAME'),('LEG','CARD_GAME'),('LC','CARD_GAME'),
	('AG','LIVE_BETTING'),('PT','LIVE_BETTING'),('BBIN','LIVE_BETTING'),
	('PP','SLOT_MACHINE'),('PG','SLOT_MACHINE'),('CQ9','SLOT_MACHINE'),('PT','SLOT_MACHINE'),('AG','SLOT_MACHINE'),('MG','SLOT_MACHINE'),('BBIN','SLOT_MACHINE'),
	('AG','FISHING_JOY'),('PT','FISHING_JOY'),('BBIN','FISHING_JOY'),('CQ9','FISHING_JOY'),('JDB','FISHING_JOY'),
	('IBC','SPORTS_BETTING'),('BBIN','SPORTS_BETTING'),('IM','SPORTS_BETTING'),('XM','SPORTS_BETTING')
) AS v(p, c)
ON CONFLICT DO NOTHING;
