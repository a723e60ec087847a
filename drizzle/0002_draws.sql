CREATE TABLE "draw_issue_transitions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"issue_id" bigint NOT NULL,
	"from_state" text NOT NULL,
	"to_state" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "draw_issues" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"draw_type" text NOT NULL,
	"issue_number" text NOT NULL,
	"sales_day" date NOT NULL,
	"sequence" integer NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"draw_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'SCHEDULED' NOT NULL,
	"result" integer[],
	"result_source" text,
	"commitment" text,
	"seed" text,
	"beacon" text,
	"drawn_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text
);
--> statement-breakpoint
CREATE TABLE "manual_results" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"issue_id" bigint NOT NULL,
	"result" integer[] NOT NULL,
	"entered_by" text NOT NULL,
	"confirmed_by" text,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"is_correction" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "result_corrections" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"issue_id" bigint NOT NULL,
	"previous_result" integer[] NOT NULL,
	"corrected_result" integer[] NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resettled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "seed_chains" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"draw_type" text NOT NULL,
	"sales_day" date NOT NULL,
	"terminal_seed" text NOT NULL,
	"anchor" text NOT NULL,
	"length" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "draw_issue_transitions" ADD CONSTRAINT "draw_issue_transitions_issue_id_draw_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."draw_issues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_results" ADD CONSTRAINT "manual_results_issue_id_draw_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."draw_issues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_corrections" ADD CONSTRAINT "result_corrections_issue_id_draw_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."draw_issues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "draw_issue_transitions_issue_idx" ON "draw_issue_transitions" USING btree ("issue_id");--> statement-breakpoint
CREATE UNIQUE INDEX "draw_issues_type_number_idx" ON "draw_issues" USING btree ("draw_type","issue_number");--> statement-breakpoint
CREATE INDEX "draw_issues_state_idx" ON "draw_issues" USING btree ("state","draw_at");--> statement-breakpoint
CREATE INDEX "draw_issues_type_draw_at_idx" ON "draw_issues" USING btree ("draw_type","draw_at");--> statement-breakpoint
CREATE INDEX "manual_results_issue_idx" ON "manual_results" USING btree ("issue_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seed_chains_type_day_idx" ON "seed_chains" USING btree ("draw_type","sales_day");