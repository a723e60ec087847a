-- Issue 19, commission part (docs/agents/commission.md): level-difference commission runs, their
-- per-(agent, member, day) breakdown, and bonus contracts (日工资 DW / 分红 BON) with their period
-- results. An order is commissioned exactly once: the run that claims it writes its id into
-- orders.commission_run_id in the same transaction as the breakdown it adds to.
CREATE TABLE "agent_commission_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	-- RUNNING: claiming orders; COMPLETED: paid; STOPPED: an operator stopped it, nothing (more) is paid.
	"status" text NOT NULL DEFAULT 'RUNNING' CHECK ("status" IN ('RUNNING', 'COMPLETED', 'STOPPED')),
	-- Orders settled at or before this instant are eligible.
	"cutoff" timestamp with time zone NOT NULL,
	"orders" integer NOT NULL DEFAULT 0,
	"stake" bigint NOT NULL DEFAULT 0,
	"transfers" integer NOT NULL DEFAULT 0,
	"amount" bigint NOT NULL DEFAULT 0,
	"started_at" timestamp with time zone NOT NULL DEFAULT now(),
	"finished_at" timestamp with time zone,
	"stopped_by" text,
	"stop_reason" text
);--> statement-breakpoint
CREATE INDEX "agent_commission_runs_running_idx" ON "agent_commission_runs" ("id") WHERE "status" = 'RUNNING';--> statement-breakpoint
-- No foreign keys on the batch's own writes (this column, the lines): a check per row was most of a
-- chunk's time, and only the batch writes them, with ids it has just read.
ALTER TABLE "orders" ADD COLUMN "commission_run_id" bigint;--> statement-breakpoint
CREATE INDEX "orders_uncommissioned_idx" ON "orders" ("id") WHERE "commission_run_id" IS NULL AND "status" IN ('WON', 'LOST');--> statement-breakpoint
CREATE TABLE "agent_commission_lines" (
	"run_id" bigint NOT NULL,
	"agent_id" bigint NOT NULL,
	-- The customer who placed the bets.
	"member_id" bigint NOT NULL,
	-- Beijing day the bets were settled.
	"day" date NOT NULL,
	"orders" integer NOT NULL,
	"stake" bigint NOT NULL,
	-- Σ stake × (G_agent − G_child_on_path): the commission is floor(units / 2000), fixed at payment.
	"units" bigint NOT NULL,
	"commission" bigint,
	PRIMARY KEY ("run_id", "agent_id", "member_id", "day")
);--> statement-breakpoint
CREATE INDEX "agent_commission_lines_agent_idx" ON "agent_commission_lines" ("agent_id", "day");--> statement-breakpoint
CREATE TABLE "agent_bonus_contracts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" bigint NOT NULL REFERENCES "customers" ("id"),
	"kind" text NOT NULL CHECK ("kind" IN ('DW', 'BON')),
	"frequency" text NOT NULL CHECK ("frequency" IN ('MONTHLY', 'SEMI_MONTHLY', 'DAILY')),
	-- [{ "volume": 0.0001 元, "activeMembers": n, "rate": basis points }], ascending.
	"tiers" jsonb NOT NULL,
	-- The upline agent who set it, or null when an operator did (primary agents).
	"set_by_customer_id" bigint REFERENCES "customers" ("id"),
	"set_by_operator" text,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	"updated_at" timestamp with time zone NOT NULL DEFAULT now(),
	UNIQUE ("customer_id", "kind")
);--> statement-breakpoint
CREATE TABLE "agent_bonus_results" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"contract_id" bigint NOT NULL REFERENCES "agent_bonus_contracts" ("id"),
	"customer_id" bigint NOT NULL REFERENCES "customers" ("id"),
	"kind" text NOT NULL CHECK ("kind" IN ('DW', 'BON')),
	"frequency" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"team_volume" bigint NOT NULL,
	"active_members" integer NOT NULL,
	"team_loss" bigint NOT NULL,
	"rate" integer NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL CHECK ("status" IN ('PAID', 'REJECTED', 'WAITING_FOR_APPROVAL', 'NOT_ACHIEVED')),
	"decided_by_customer_id" bigint REFERENCES "customers" ("id"),
	"decided_by_operator" text,
	"decided_at" timestamp with time zone,
	"transfer_id" bigint REFERENCES "ledger_transfers" ("id"),
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	UNIQUE ("contract_id", "period_start")
);--> statement-breakpoint
CREATE INDEX "agent_bonus_results_customer_idx" ON "agent_bonus_results" ("customer_id", "period_start" DESC);--> statement-breakpoint
CREATE INDEX "agent_bonus_results_waiting_idx" ON "agent_bonus_results" ("id") WHERE "status" = 'WAITING_FOR_APPROVAL';
