-- The agent reports' statistics roll-up (docs/agents/reports.md). customer_daily_stats holds, per
-- customer and Beijing day, the movements of the customer's main wallet by kind, rolled up from the
-- ledger; team_daily_stats holds the same figures summed over each customer's whole subtree (itself
-- included). Both are rewritten a whole day at a time by the roll-up job, never added to, so a
-- re-run or a crash half-way can never count anything twice. Amounts in 0.0001 元.
CREATE TABLE "customer_daily_stats" (
	"customer_id" bigint NOT NULL REFERENCES "customers"("id"),
	"day" date NOT NULL,
	"bets" bigint DEFAULT 0 NOT NULL,
	"bet_count" integer DEFAULT 0 NOT NULL,
	"wins" bigint DEFAULT 0 NOT NULL,
	"rebates" bigint DEFAULT 0 NOT NULL,
	"commission" bigint DEFAULT 0 NOT NULL,
	"bonuses" bigint DEFAULT 0 NOT NULL,
	"deposits" bigint DEFAULT 0 NOT NULL,
	"withdrawals" bigint DEFAULT 0 NOT NULL,
	"transfers_in" bigint DEFAULT 0 NOT NULL,
	"transfers_out" bigint DEFAULT 0 NOT NULL,
	"adjustments" bigint DEFAULT 0 NOT NULL,
	PRIMARY KEY ("day", "customer_id")
);--> statement-breakpoint
CREATE INDEX "customer_daily_stats_customer_idx" ON "customer_daily_stats" ("customer_id", "day");--> statement-breakpoint
CREATE TABLE "team_daily_stats" (
	"ancestor_id" bigint NOT NULL REFERENCES "customers"("id"),
	"day" date NOT NULL,
	"bets" bigint DEFAULT 0 NOT NULL,
	"bet_count" bigint DEFAULT 0 NOT NULL,
	"wins" bigint DEFAULT 0 NOT NULL,
	"rebates" bigint DEFAULT 0 NOT NULL,
	"commission" bigint DEFAULT 0 NOT NULL,
	"bonuses" bigint DEFAULT 0 NOT NULL,
	"deposits" bigint DEFAULT 0 NOT NULL,
	"withdrawals" bigint DEFAULT 0 NOT NULL,
	"transfers_in" bigint DEFAULT 0 NOT NULL,
	"transfers_out" bigint DEFAULT 0 NOT NULL,
	"adjustments" bigint DEFAULT 0 NOT NULL,
	PRIMARY KEY ("ancestor_id", "day")
);--> statement-breakpoint
CREATE INDEX "team_daily_stats_day_idx" ON "team_daily_stats" ("day");--> statement-breakpoint
-- Each customer's team as of the last roll-up (every ancestor at once, one aggregate over the closure
-- table): head counts and balances an agent's overview would otherwise sum live over its whole team.
CREATE TABLE "team_snapshot" (
	"ancestor_id" bigint PRIMARY KEY NOT NULL REFERENCES "customers"("id"),
	"members" integer NOT NULL,
	"agents" integer NOT NULL,
	"new_today" integer NOT NULL,
	"balance" bigint NOT NULL
);--> statement-breakpoint
-- One row: where the roll-up stands. `covered_until` is the database time at which the last complete
-- run started: every entry committed before it is in the tables.
CREATE TABLE "agent_stats_state" (
	"id" integer PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
	"covered_until" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_run_days" integer DEFAULT 0 NOT NULL,
	"last_run_ms" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
INSERT INTO "agent_stats_state" ("id") VALUES (1);--> statement-breakpoint
-- Ledger entries are append-only and written in time order, so a BRIN index finds a day's entries
-- for a few kilobytes of index and next to no cost per insert.
CREATE INDEX "ledger_entries_created_brin" ON "ledger_entries" USING brin ("created_at");
