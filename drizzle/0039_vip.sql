-- VIP programme and weekly ranking (issue 22 items 4 and 5; docs/campaigns/ranking-and-vip.md).
-- Money columns are bigint in 0.0001 元.

-- One row per level: what it takes to reach it (qualify_*: either figure of a calendar month), what it
-- takes to keep it at the monthly evaluation (keep_*), and its benefits. NULL threshold: not a route in.
CREATE TABLE "vip_levels" (
	"level" text PRIMARY KEY CHECK ("level" IN ('NOT_VIP', 'VIP_1', 'VIP_2')),
	"rank" integer NOT NULL UNIQUE,
	"qualify_turnover" bigint CHECK ("qualify_turnover" > 0),
	"qualify_deposits" bigint CHECK ("qualify_deposits" > 0),
	"keep_turnover" bigint CHECK ("keep_turnover" > 0),
	"keep_deposits" bigint CHECK ("keep_deposits" > 0),
	"monthly_bonus" bigint NOT NULL DEFAULT 0 CHECK ("monthly_bonus" >= 0),
	-- Required stake of the bonus, basis points of its amount (10000 = ×1).
	"bonus_stake_multiple_bp" integer NOT NULL DEFAULT 10000 CHECK ("bonus_stake_multiple_bp" BETWEEN 0 AND 1000000),
	-- NULL: the withdrawal settings' own daily limits apply.
	"daily_withdrawal_count" integer CHECK ("daily_withdrawal_count" > 0),
	"daily_withdrawal_amount" bigint CHECK ("daily_withdrawal_amount" > 0),
	"updated_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
INSERT INTO "vip_levels" ("level", "rank", "qualify_turnover", "qualify_deposits", "keep_turnover", "keep_deposits", "monthly_bonus", "bonus_stake_multiple_bp")
VALUES ('NOT_VIP', 0, NULL, NULL, NULL, NULL, 0, 10000),
       ('VIP_1', 1, 500000000, 100000000, 250000000, 50000000, 880000, 10000),
       ('VIP_2', 2, 5000000000, 1000000000, 2500000000, 500000000, 8880000, 10000);
--> statement-breakpoint
-- The monthly evaluation: one row per customer and month (Asia/Shanghai), written once; the job that
-- inserts it is the one that changes the level, so two runs at once evaluate a customer once.
CREATE TABLE "vip_evaluations" (
	"month" date NOT NULL,
	"customer_id" bigint NOT NULL REFERENCES "customers" ("id"),
	"previous_level" text NOT NULL,
	"level" text NOT NULL,
	"turnover" bigint NOT NULL,
	"deposits" bigint NOT NULL,
	"evaluated_at" timestamp with time zone NOT NULL DEFAULT now(),
	PRIMARY KEY ("month", "customer_id")
);
--> statement-breakpoint
-- Every level change, whoever made it (the monthly evaluation, an upgrade within the month).
CREATE TABLE "vip_level_changes" (
	"id" bigserial PRIMARY KEY,
	"customer_id" bigint NOT NULL REFERENCES "customers" ("id"),
	"previous_level" text NOT NULL,
	"level" text NOT NULL,
	"reason" text NOT NULL CHECK ("reason" IN ('MONTHLY', 'UPGRADE')),
	"created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "vip_level_changes_customer_idx" ON "vip_level_changes" ("customer_id", "id" DESC);
--> statement-breakpoint
-- The monthly bonus: one row per customer and month, its primary key the once-only guard.
CREATE TABLE "vip_bonus_payments" (
	"month" date NOT NULL,
	"customer_id" bigint NOT NULL REFERENCES "customers" ("id"),
	"level" text NOT NULL,
	"amount" bigint NOT NULL CHECK ("amount" > 0),
	"transfer_id" bigint NOT NULL REFERENCES "ledger_transfers" ("id"),
	"paid_at" timestamp with time zone NOT NULL DEFAULT now(),
	PRIMARY KEY ("month", "customer_id")
);
--> statement-breakpoint
CREATE INDEX "vip_bonus_payments_customer_idx" ON "vip_bonus_payments" ("customer_id", "month" DESC);
--> statement-breakpoint
CREATE FUNCTION "vip_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END $$;
--> statement-breakpoint
CREATE TRIGGER "vip_bonus_payments_append_only" BEFORE UPDATE OR DELETE ON "vip_bonus_payments" FOR EACH ROW EXECUTE FUNCTION "vip_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "vip_evaluations_append_only" BEFORE UPDATE OR DELETE ON "vip_evaluations" FOR EACH ROW EXECUTE FUNCTION "vip_refuse_change"();
--> statement-breakpoint

-- Weekly ranking. Week: Monday 00:00 to Sunday 24:00 Asia/Shanghai, named by its Monday.
-- The accumulator's cursor: settled own-game orders up to counted_until are in the totals.
CREATE TABLE "weekly_ranking_cursor" (
	"id" integer PRIMARY KEY CHECK ("id" = 1),
	"counted_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
INSERT INTO "weekly_ranking_cursor" ("id", "counted_until") VALUES (1, now());
--> statement-breakpoint
CREATE TABLE "weekly_ranking_totals" (
	"week" date NOT NULL,
	"customer_id" bigint NOT NULL REFERENCES "customers" ("id"),
	"net_win" bigint NOT NULL,
	"stake" bigint NOT NULL,
	"payout" bigint NOT NULL,
	"orders" integer NOT NULL,
	-- The latest settlement counted: of two equal totals, the one reached first ranks higher.
	"last_settled_at" timestamp with time zone NOT NULL,
	PRIMARY KEY ("week", "customer_id")
);
--> statement-breakpoint
CREATE INDEX "weekly_ranking_totals_top_idx" ON "weekly_ranking_totals" ("week", "net_win" DESC, "last_settled_at", "customer_id");
--> statement-breakpoint
-- The operator's prize per place (1st … 20th); absent or 0: no prize.
CREATE TABLE "weekly_ranking_prizes" (
	"place" integer PRIMARY KEY CHECK ("place" BETWEEN 1 AND 20),
	"amount" bigint NOT NULL CHECK ("amount" >= 0 AND "amount" <= 9999999999),
	"updated_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
INSERT INTO "weekly_ranking_prizes" ("place", "amount") VALUES (1, 8880000), (2, 5880000), (3, 3880000);
--> statement-breakpoint
-- A week that has been closed (its prizes paid): inserted once, by the run that pays.
CREATE TABLE "weekly_ranking_weeks" (
	"week" date PRIMARY KEY,
	"closed_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE "weekly_ranking_payouts" (
	"week" date NOT NULL REFERENCES "weekly_ranking_weeks" ("week"),
	"rank" integer NOT NULL,
	"customer_id" bigint NOT NULL REFERENCES "customers" ("id"),
	"net_win" bigint NOT NULL,
	"amount" bigint NOT NULL CHECK ("amount" >= 0),
	"transfer_id" bigint REFERENCES "ledger_transfers" ("id"),
	PRIMARY KEY ("week", "rank")
);
--> statement-breakpoint
CREATE TRIGGER "weekly_ranking_payouts_append_only" BEFORE UPDATE OR DELETE ON "weekly_ranking_payouts" FOR EACH ROW EXECUTE FUNCTION "vip_refuse_change"();
