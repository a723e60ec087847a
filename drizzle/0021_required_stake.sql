-- Required stake (打码量, decisions §10; issue 17 item 6). A deposit or a bonus adds to what a player must
-- stake before a withdrawal; settled bets (WON or LOST, never cancelled ones) reduce it. `remaining`
-- is brought up to date up to `counted_until` by src/server/wallet/required-stake.ts; every change is
-- also written to the append-only history below.
CREATE TABLE "required_stakes" (
	"customer_id" bigint PRIMARY KEY NOT NULL REFERENCES "customers" ("id"),
	"remaining" bigint NOT NULL DEFAULT 0 CHECK ("remaining" >= 0),
	"counted_until" timestamp with time zone NOT NULL DEFAULT now(),
	"updated_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE "required_stake_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" bigint NOT NULL REFERENCES "customers" ("id"),
	-- DEPOSIT, BONUS and ADJUSTMENT add (amount > 0); TURNOVER subtracts the stake settled since the last count.
	"kind" text NOT NULL CHECK ("kind" IN ('DEPOSIT', 'BONUS', 'ADJUSTMENT', 'TURNOVER')),
	"amount" bigint NOT NULL,
	"remaining_after" bigint NOT NULL CHECK ("remaining_after" >= 0),
	"reference" text,
	"created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "required_stake_events_customer_idx" ON "required_stake_events" ("customer_id", "id");
--> statement-breakpoint
CREATE INDEX "orders_customer_settled_idx" ON "orders" ("customer_id", "settled_at") WHERE "settled_at" IS NOT NULL;
