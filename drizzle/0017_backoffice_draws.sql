-- Back-office draws (issue 16): a manual result is applied by the four-eyes approval that confirmed
-- it, once: the approval's id is recorded with it and unique.
ALTER TABLE "manual_results" ADD COLUMN "approval_id" bigint;
--> statement-breakpoint
CREATE UNIQUE INDEX "manual_results_approval_idx" ON "manual_results" USING btree ("approval_id");
--> statement-breakpoint
-- The issue calendar reads one draw type's sales day in order.
CREATE INDEX "draw_issues_type_day_idx" ON "draw_issues" USING btree ("draw_type", "sales_day", "sequence");
