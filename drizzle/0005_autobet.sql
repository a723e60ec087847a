CREATE TABLE "autobet_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"autobet_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"issue_number" text NOT NULL,
	"multiplier" integer NOT NULL,
	"stake" bigint NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"order_id" bigint,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "autobets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" bigint NOT NULL,
	"client_key" text NOT NULL,
	"draw_type" text NOT NULL,
	"play_mode" text NOT NULL,
	"bets" jsonb NOT NULL,
	"plan" jsonb NOT NULL,
	"stop_on_win" boolean NOT NULL,
	"status" text DEFAULT 'ONGOING' NOT NULL,
	"total_planned" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "autobet_entries" ADD CONSTRAINT "autobet_entries_autobet_id_autobets_id_fk" FOREIGN KEY ("autobet_id") REFERENCES "public"."autobets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autobet_entries" ADD CONSTRAINT "autobet_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autobets" ADD CONSTRAINT "autobets_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "autobet_entries_seq_idx" ON "autobet_entries" USING btree ("autobet_id","seq");--> statement-breakpoint
CREATE INDEX "autobet_entries_status_idx" ON "autobet_entries" USING btree ("status","issue_number");--> statement-breakpoint
CREATE UNIQUE INDEX "autobets_client_key_idx" ON "autobets" USING btree ("customer_id","client_key");--> statement-breakpoint
CREATE INDEX "autobets_status_idx" ON "autobets" USING btree ("status");