-- Re-settlement of corrected official results (src/server/orders/resettle.ts, docs/betting.md):
-- what each correction changed per order, the totals per correction (what could not be collected
-- included), and a partial index for the per-minute payout cap of instant draws.
CREATE TABLE "order_resettlements" (
	"correction_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"previous_status" text NOT NULL,
	"status" text NOT NULL,
	"previous_payout" bigint NOT NULL,
	"payout" bigint NOT NULL,
	"previous_rebate" bigint NOT NULL,
	"rebate" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"collected" bigint DEFAULT 0 NOT NULL,
	"uncollected" bigint DEFAULT 0 NOT NULL,
	"transfer_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_resettlements_correction_id_order_id_pk" PRIMARY KEY("correction_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "correction_resettlements" (
	"correction_id" bigint PRIMARY KEY NOT NULL,
	"orders_changed" integer NOT NULL,
	"credited" bigint NOT NULL,
	"debited" bigint NOT NULL,
	"collected" bigint NOT NULL,
	"uncollected" bigint NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_resettlements" ADD CONSTRAINT "order_resettlements_correction_id_result_corrections_id_fk" FOREIGN KEY ("correction_id") REFERENCES "public"."result_corrections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_resettlements" ADD CONSTRAINT "order_resettlements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_resettlements" ADD CONSTRAINT "order_resettlements_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "correction_resettlements" ADD CONSTRAINT "correction_resettlements_correction_id_result_corrections_id_fk" FOREIGN KEY ("correction_id") REFERENCES "public"."result_corrections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_resettlements_order_idx" ON "order_resettlements" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_resettlements_customer_idx" ON "order_resettlements" USING btree ("customer_id");--> statement-breakpoint
-- Hand-written (orders is defined in schema.ts): the won instant orders of a player and draw type by settlement time.
CREATE INDEX "orders_instant_won_idx" ON "orders" USING btree ("customer_id","draw_type","settled_at") WHERE "issue_id" IS NULL AND "status" = 'WON';
