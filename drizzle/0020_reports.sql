-- Reports (issue 16 item 9). Each run of the ledger reconciliation is recorded: when, who asked for it
-- (an operator, or the scheduler), its verdict and what did not match.
CREATE TABLE "reconciliation_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL DEFAULT now(),
	"trigger" text NOT NULL CHECK ("trigger" IN ('OPERATOR', 'SCHEDULER')),
	-- A snapshot of the operator (no foreign key: the run outlives whatever happens to the account).
	"operator_id" bigint,
	"operator_username" text,
	"ok" boolean NOT NULL,
	"total_of_entries" bigint NOT NULL,
	"mismatch_count" integer NOT NULL,
	-- The unbalanced transfers, drifting accounts, negative accounts and empty transfers, as found.
	"mismatches" jsonb NOT NULL,
	CHECK (("trigger" = 'OPERATOR') = ("operator_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX "reconciliation_runs_started_idx" ON "reconciliation_runs" ("started_at" DESC, "id" DESC);
--> statement-breakpoint
-- The sales report reads a date range of issues by sales day, then their orders by (issue_id, status).
CREATE INDEX "draw_issues_sales_day_idx" ON "draw_issues" ("sales_day");
--> statement-breakpoint
-- Instant (秒开) orders have no issue: the report reads them by the time they were placed.
CREATE INDEX "orders_instant_created_idx" ON "orders" ("created_at") WHERE "issue_id" IS NULL;
--> statement-breakpoint
-- New players per day.
CREATE INDEX "customers_created_idx" ON "customers" ("created_at");
